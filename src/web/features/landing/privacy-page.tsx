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
