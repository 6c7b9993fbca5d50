import { Link } from 'react-router';
import { MIN_TRAINING_IMAGES, SIGNUP_BONUS, TRAINING_COST } from '@shared/constants';
import { usePageTitle } from '@web/lib/use-page-title';
import { TextPage } from './components/text-page';

export function TermsPage() {
  usePageTitle('Terms of Service');
  return (
    <TextPage title="Terms of Service" intro="The short version of the rules for using LoRA Studio.">
      <section>
        <h2>1. Your account</h2>
        <p>
          You need an account to train models and generate images. Keep your password to yourself; you are
          responsible for what happens under your account. Your username is visible to other users.
        </p>
      </section>
      <section>
        <h2>2. Your photos and consent</h2>
        <p>
          Only upload photos of yourself, or of people who have clearly agreed to it. You keep the rights to
          your photos; you give us permission to store and process them only to train your model and generate
          the images you ask for.
        </p>
      </section>
      <section>
        <h2>3. Tokens</h2>
        <ul>
          <li>New accounts receive {SIGNUP_BONUS} free tokens.</li>
          <li>
            Training a model costs {TRAINING_COST} tokens and needs at least {MIN_TRAINING_IMAGES} photos. If
            training fails or you cancel it, the tokens are refunded.
          </li>
          <li>
            Each generated image costs the tokens shown on screen before you generate. There is no
            subscription.
          </li>
          <li>Tokens have no cash value and cannot be transferred.</li>
        </ul>
      </section>
      <section>
        <h2>4. Acceptable use</h2>
        <p>
          Do not create illegal content, content that sexualises minors, content meant to harass, defame or
          deceive (including impersonating real people without consent), or content that infringes someone
          else&apos;s rights. Adult content is available only to adults who confirm their age in Settings, and
          only where it is legal for them. We may suspend accounts that break these rules.
        </p>
      </section>
      <section>
        <h2>5. The service</h2>
        <p>
          AI output can be imperfect or unexpected. The service is provided as is; we work to keep it
          available but cannot promise it will always be uninterrupted. We may update these terms and will
          show the new version here.
        </p>
      </section>
      <section>
        <h2>6. Questions</h2>
        <p>
          See our <Link to="/privacy">Privacy Policy</Link> for how we handle your data, or{' '}
          <Link to="/contact">contact us</Link>.
        </p>
      </section>
    </TextPage>
  );
}
