import type { AppConfig } from '@web/lib/app-config';

/**
 * The landing page's privacy promise, true for the running configuration (decision 025): with no
 * vendor that receives photos it is "never shared"; otherwise it names who gets them, why and how long.
 */
export function photoClaim(config: AppConfig | undefined): string {
  const processors = config?.privacy?.processors;
  if (!processors) return 'Your photos are used only to train your own model and are never sold.';
  const photos = processors.filter((p) => p.photos);
  if (photos.length === 0) {
    return 'Your photos and training images stay on this server and are never shared with third parties.';
  }
  const who = photos.map((p) => `${p.name} (${p.purpose.toLowerCase()}; ${p.retention})`).join('; ');
  return `Your training photos are never sold and go only to: ${who}.`;
}
