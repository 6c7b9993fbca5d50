import { Images } from 'lucide-react';
import type { PackSample, PackSummary } from '@shared/schemas/packs';
import { cn } from '@web/lib/cn';

/** What a sample shows, for those who cannot see it. */
export function sampleAlt(packName: string, s: PackSample) {
  return `Sample from the ${packName} pack: ${s.prompt}${s.style ? ` (${s.style} style)` : ''}`;
}

// the samples are drawn 4:3 (server: modules/packs/pack-samples.ts), so each fills its cell whole
const SAMPLE_SIZE = { width: 512, height: 384 };

/**
 * A pack's cover in a fixed 4:3 box, so nothing moves when the pictures arrive: the admin's cover
 * picture, else up to four sample pictures of its styles, else (while they are drawn) a placeholder.
 */
export function PackCover({ pack, className }: { pack: PackSummary; className?: string }) {
  const box = cn('relative aspect-[4/3] w-full overflow-hidden bg-muted', className);
  if (pack.coverUrl)
    return (
      <div className={box}>
        <img
          src={pack.coverUrl}
          alt={`Cover of the ${pack.name} pack`}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      </div>
    );
  const samples = pack.samples ?? [];
  if (samples.length === 0)
    return (
      <div className={cn(box, 'flex items-center justify-center text-muted-foreground')}>
        <Images className="size-10" aria-hidden="true" />
        <span className="sr-only">
          {pack.samples === null ? 'Sample pictures are being drawn' : 'No pictures of this pack'}
        </span>
      </div>
    );
  return (
    <div
      className={cn(
        box,
        'grid gap-px',
        samples.length === 1 ? 'grid-cols-1' : 'grid-cols-2',
        samples.length <= 2 ? 'grid-rows-1' : 'grid-rows-2',
      )}
    >
      {samples.map((s, i) => (
        <img
          key={s.url}
          src={s.url}
          alt={sampleAlt(pack.name, s)}
          loading="lazy"
          decoding="async"
          {...SAMPLE_SIZE}
          // three samples: the last one spans the bottom row
          className={cn('size-full min-h-0 object-cover', samples.length === 3 && i === 2 && 'col-span-2')}
        />
      ))}
    </div>
  );
}

/** The pack's samples in its dialog, larger, each with what it shows. */
export function PackSamples({ pack }: { pack: PackSummary }) {
  if (!pack.samples || pack.samples.length === 0) return null;
  return (
    <ul className="grid grid-cols-2 gap-2" aria-label={`Sample pictures of the ${pack.name} pack`}>
      {pack.samples.map((s) => (
        <li key={s.url} className="aspect-[4/3] overflow-hidden rounded-md bg-muted">
          <img
            src={s.url}
            alt={sampleAlt(pack.name, s)}
            loading="lazy"
            decoding="async"
            {...SAMPLE_SIZE}
            className="size-full object-cover"
          />
        </li>
      ))}
    </ul>
  );
}
