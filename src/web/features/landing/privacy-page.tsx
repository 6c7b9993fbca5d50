import { usePageTitle } from '@web/lib/use-page-title';
import { PrivacySchedule } from './components/privacy-schedule';
import { TextPage } from './components/text-page';

export function PrivacyPage() {
  usePageTitle('Privacy Policy');
  return (
    <TextPage title="Privacy Policy" intro="What we keep, why, and what we never do with it.">
      <section>
        <h2>What we store</h2>
        <ul>
          <li>Your account: username, email address, a securely hashed password, and your settings.</li>
          <li>
            The photos you upload for training, the models trained from them, and the images you generate.
          </li>
          <li>Your token purchases and usage, so your balance and billing history are correct.</li>
          <li>Support tickets you send us.</li>
        </ul>
      </section>
      <section>
        <h2>What we never do</h2>
        <p>
          Your photos and training images are never sold. They are used only to train your own model and
          create the images you request, by this server and the processors listed below — nobody else.
        </p>
      </section>
      <section>
        <h2>Who may be in the photos</h2>
        <p>
          Before the first photo of a model is stored you confirm that the photos show you, or someone who
          gave you their explicit consent. We record when, and which version of that text you confirmed.
        </p>
      </section>
      <section>
        <h2>Face analysis (only if you allow it)</h2>
        <p>
          Each training photo is checked on this server for a clear face (no face, several people, a small,
          blurry, dark or washed-out face). Those checks need no identity. Only if you allow face analysis do
          we also compute a face descriptor — numbers that describe the geometry of the face, which is
          biometric data — to flag a photo of someone else and to score how much a generated image looks like
          you:
        </p>
        <ul>
          <li>It is computed and kept on this server only; it is never sent to a vendor or anyone else.</li>
          <li>It is never shown, not even to you or to our administrators: you see only the verdicts.</li>
          <li>
            It is deleted with the training photos (see the schedule below), all of it at once when you switch
            face analysis off, and with your account.
          </li>
        </ul>
      </section>
      <PrivacySchedule />
      <section>
        <h2>Cookies</h2>
        <p>
          We use one cookie to keep you signed in and one to remember your light or dark mode. No advertising
          or tracking cookies.
        </p>
      </section>
      <section>
        <h2>Your choices</h2>
        <p>
          You can change your profile and your face-analysis choice at any time in Settings and delete your
          models and images yourself. In Settings → Privacy you can download everything we hold about you
          (your profile, photos still kept, your models' weights, your images and their settings, your tokens
          and purchases, your support tickets) and delete your account.
        </p>
        <p>
          Deleting your account signs you out everywhere at once, cancels any training or generation under way
          without charging you, and then deletes your photos, models, images, face data, exports, support
          tickets, sessions and referral code, here and at the vendors that hold a copy where they offer a way
          to remove it. Your username and e-mail become free again. What the law makes us keep for accounting
          stays, anonymised: your purchases and your token history, with no name or e-mail and your account id
          replaced by a new one that leads back to nobody.
        </p>
      </section>
    </TextPage>
  );
}
