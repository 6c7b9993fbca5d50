import type { Processor } from './schemas/system';

/** What the landing page says before (or without) the live configuration: true whatever it is. */
export const GENERIC_PHOTO_CLAIM = 'Your photos are used only to train your own model and are never sold.';

/**
 * The landing page's privacy promise, true for the running configuration (decision 025): with no
 * vendor that receives photos it is "never shared"; otherwise it names who gets them, why and how long.
 * The server writes it into the pre-rendered landing page (server/http/pages.ts), which runs no React.
 */
export function photoClaim(processors: Processor[] | undefined): string {
  if (!processors) return GENERIC_PHOTO_CLAIM;
  const photos = processors.filter((p) => p.photos);
  if (photos.length === 0) {
    return 'Your photos and training images stay on this server and are never shared with third parties.';
  }
  const who = photos.map((p) => `${p.name} (${p.purpose.toLowerCase()}; ${p.retention})`).join('; ');
  return `Your training photos are never sold and go only to: ${who}.`;
}
