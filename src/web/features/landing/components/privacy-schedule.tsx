import { Link } from 'react-router';
import { backupRetentionText } from '@shared/privacy-notices';
import { useAppConfig } from '@web/lib/app-config';

/**
 * The retention schedule and the processors live right now, read from GET /api/config — the same
 * configuration the retention job applies (docs/decisions/025-consent-and-retention.md).
 */
export function PrivacySchedule() {
  const config = useAppConfig();
  const privacy = config.data?.privacy;
  // a self-hosted image server (ComfyUI, decision 059) is the operator's own machine, not a processor
  const engines = config.data?.engines;
  const selfHosted = engines?.hosting === 'comfyui' || engines?.images === 'comfyui';
  if (!privacy) {
    return (
      <section aria-busy="true">
        <h2>How long we keep it</h2>
        <p>
          {config.isError
            ? 'The schedule could not be loaded. Please reload the page.'
            : 'Loading the schedule…'}
        </p>
      </section>
    );
  }
  return (
    <>
      <section>
        <h2>How long we keep it</h2>
        <ul data-testid="retention-schedule">
          <li>
            Training photos, and their face descriptors: deleted {privacy.photoRetentionDays} days after your
            model is ready. The trained model stays and keeps generating.
          </li>
          <li>
            Photos of a model that was never trained: deleted {privacy.unusedModelPhotoDays} days after
            upload.
          </li>
          <li>A download of your data: its link works for {privacy.exportLinkHours} hours.</li>
          <li>Records of admin actions on accounts: kept {privacy.auditLogRetentionDays} days.</li>
          <li>
            Notifications (the bell&apos;s list), read or not: deleted {privacy.notificationRetentionDays}{' '}
            days after they were sent.
          </li>
          <li>
            When you delete your account, we keep only a keyed hash of its e-mail address (not the address),
            for {privacy.deletedEmailRetentionDays} days, so the same address gets no second welcome bonus; it
            is used for nothing else, then deleted.
          </li>
          <li data-testid="backup-retention">{backupRetentionText(privacy.backupRetentionDays)}</li>
          <li>
            You can delete a ready model&apos;s training photos at once on its page, switch face analysis off
            in <Link to="/settings?tab=privacy">Settings → Privacy</Link> (every descriptor goes), and delete
            a model with everything made from it.
          </li>
        </ul>
      </section>
      <section>
        <h2>Who processes your data</h2>
        {privacy.processors.length === 0 ? (
          <p data-testid="processors">
            {selfHosted
              ? 'None: nothing leaves the operator’s own servers (this site and its own image server).'
              : 'None: everything stays on this server.'}
          </p>
        ) : (
          <ul data-testid="processors">
            {privacy.processors.map((p) => (
              <li key={p.name}>
                <strong>{p.name}</strong> — {p.purpose}. What it receives: {p.data}. How long: {p.retention}.
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
