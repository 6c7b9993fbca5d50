import { Link } from 'react-router';
import { usePageTitle } from '@web/lib/use-page-title';
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
          Your photos and training images are never shared with third parties and are never sold. They are
          used only to train your own model and create the images you request.
        </p>
      </section>
      <section>
        <h2>Face checks of your training photos</h2>
        <p>
          When you upload training photos, this server checks each one for a clear face (no face, several
          people, a small, blurry, dark or washed-out face, or someone who looks different from your other
          photos). To compare faces it computes a face descriptor: a list of numbers that describes a face.
          That is biometric data, and we treat it as such:
        </p>
        <ul>
          <li>It is computed on our own server; it is never sent to an AI provider or anyone else.</li>
          <li>It is kept only for the photos of your own model, and only to give you these checks.</li>
          <li>It is deleted together with the photo, and all of it when you delete the model.</li>
          <li>It is never shown, not even to you or to our administrators: you see only the verdicts.</li>
        </ul>
        <p>The checks are advice: you decide which photos to keep, and you can always train.</p>
      </section>
      <section>
        <h2>Service providers</h2>
        <p>
          Card payments are handled by our payment provider; we never see or store your full card number. When
          the studio uses external AI providers for training or generation, they process your images only to
          carry out that task for you.
        </p>
      </section>
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
          You can change your profile at any time in Settings and delete your models and images yourself. To
          close your account or get a copy of your data, <Link to="/contact">contact us</Link>.
        </p>
      </section>
    </TextPage>
  );
}
