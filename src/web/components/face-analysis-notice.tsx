import { FACE_NOTICE } from '@shared/privacy-notices';
import { useAppConfig } from '@web/lib/app-config';

/**
 * The short face-analysis notice (src/shared/privacy-notices.ts): what is computed, why, where it is
 * kept and when it is destroyed — the retention read from the server's configuration.
 */
export function FaceAnalysisNotice({ id }: { id?: string }) {
  const days = useAppConfig().data?.privacy?.photoRetentionDays;
  return (
    <dl id={id} className="grid gap-2 text-sm">
      <div>
        <dt className="font-medium">What is computed</dt>
        <dd className="text-muted-foreground">{FACE_NOTICE.what}</dd>
      </div>
      <div>
        <dt className="font-medium">Why</dt>
        <dd className="text-muted-foreground">{FACE_NOTICE.why}</dd>
      </div>
      <div>
        <dt className="font-medium">Where it is kept</dt>
        <dd className="text-muted-foreground">{FACE_NOTICE.where}</dd>
      </div>
      <div>
        <dt className="font-medium">When it is destroyed</dt>
        <dd className="text-muted-foreground">
          {days
            ? FACE_NOTICE.until(days)
            : 'With the training photos, when you switch it off, or with your account.'}
        </dd>
      </div>
      <div>
        <dt className="font-medium">If you say no</dt>
        <dd className="text-muted-foreground">{FACE_NOTICE.without}</dd>
      </div>
    </dl>
  );
}
