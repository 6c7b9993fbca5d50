import { Check } from 'lucide-react';
import { cn } from '@web/lib/cn';

const PHASES = ['Upload Images', 'Train Model', 'Process Model', 'Ready to Use'];

/**
 * Four steps; `completed` counts finished phases (the status response's phaseCompleted). `running` says
 * whether the next phase has begun: an uploaded model waits for Start Training, so its Train Model step
 * is the next one, not "in progress".
 */
export function PhaseTracker({ completed, running }: { completed: number; running: boolean }) {
  return (
    <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Model progress">
      {PHASES.map((label, i) => {
        const done = i < completed;
        const current = i === completed;
        return (
          <li key={label} className="flex items-center gap-2" aria-current={current ? 'step' : undefined}>
            <span
              className={cn(
                'flex size-8 shrink-0 items-center justify-center rounded-full border text-sm font-semibold',
                done && 'border-primary bg-primary text-primary-foreground',
                current && 'border-primary text-primary-text',
                !done && !current && 'border-border text-muted-foreground',
              )}
            >
              {done ? <Check aria-hidden="true" className="size-4" /> : i + 1}
            </span>
            <span className={cn('text-sm', done || current ? 'font-medium' : 'text-muted-foreground')}>
              {label}
              <span className="sr-only">
                {done ? ' (done)' : current ? (running ? ' (in progress)' : ' (next step)') : ''}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
