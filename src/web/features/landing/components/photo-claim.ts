import { photoClaim as claimFor } from '@shared/photo-claim';
import type { AppConfig } from '@web/lib/app-config';

/** The landing page's privacy promise for the configuration the app has read (src/shared/photo-claim.ts). */
export function photoClaim(config: AppConfig | undefined): string {
  return claimFor(config?.privacy?.processors);
}
