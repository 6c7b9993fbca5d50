import { Link } from 'react-router';
import { KeyRound, LifeBuoy, LogIn } from 'lucide-react';
import { usePageTitle } from '@web/lib/use-page-title';
import { Button } from '@web/components/ui/button';
import { useUser } from '@web/lib/session';
import { TextPage } from './components/text-page';

export function ContactPage() {
  usePageTitle('Contact');
  const { user } = useUser();
  return (
    <TextPage title="Contact" intro="We read every message and usually answer within one business day.">
      <section>
        <h2>Help with your account, models or tokens</h2>
        <p>
          The fastest way to reach us is a support ticket: it reaches the team directly and keeps the whole
          conversation in one place. Mention the model, transaction or prompt you are asking about.
        </p>
        <div className="mt-4">
          {user ? (
            <Button asChild>
              <Link to="/support">
                <LifeBuoy aria-hidden="true" /> Open Support
              </Link>
            </Button>
          ) : (
            <Button asChild>
              <Link to="/login">
                <LogIn aria-hidden="true" /> Log in to contact support
              </Link>
            </Button>
          )}
        </div>
      </section>
      <section>
        <h2>Can&apos;t sign in?</h2>
        <p>
          Reset your password with your username or email address; we&apos;ll send a link to the email address
          on your account.
        </p>
        <div className="mt-4">
          <Button variant="outline" asChild>
            <Link to="/forgot-password">
              <KeyRound aria-hidden="true" /> Reset password
            </Link>
          </Button>
        </div>
      </section>
      <section>
        <h2>Privacy requests</h2>
        <p>
          To get a copy of your data or close your account, open a support ticket with the subject
          &quot;Privacy request&quot;. See the <Link to="/privacy">Privacy Policy</Link> for details.
        </p>
      </section>
    </TextPage>
  );
}
