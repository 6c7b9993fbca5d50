import type { TrainingSample } from '@shared/schemas/models';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

const label = (i: number, s: TrainingSample) =>
  s.step === null ? `Training sample ${i + 1}` : `Training sample ${i + 1}, step ${s.step}`;

/**
 * The images the GPU trainer (ai-toolkit) rendered with the finished model, so its owner sees what
 * the training learnt before generating. Nothing is drawn for models of other trainers.
 */
export function TrainingSamples({ samples }: { samples: TrainingSample[] | undefined }) {
  if (!samples?.length) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Training samples</CardTitle>
        <CardDescription>Rendered with your model at the end of its training.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {samples.map((s, i) => (
            <li key={s.url}>
              <figure className="space-y-1">
                <a
                  href={s.url}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={`Open ${label(i, s).toLowerCase()}`}
                  className="block aspect-square overflow-hidden rounded-lg bg-muted outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <img src={s.url} alt={label(i, s)} loading="lazy" className="size-full object-cover" />
                </a>
                <figcaption className="text-xs text-muted-foreground">
                  {s.step === null ? `Sample ${i + 1}` : `Step ${s.step}`}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
