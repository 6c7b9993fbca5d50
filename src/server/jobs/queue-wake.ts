import type { Database } from '../db/client';
import { JOBS_CHANNEL } from './claim';

/**
 * What wakes a queue's loop (queue.ts, docs/decisions/053-queue-wakes-on-notify.md): a kick in this
 * process (an enqueue, a finished handler) or, with `subscribe`, a notification on `JOBS_CHANNEL`
 * from any process. A kick that comes while the loop is not asleep is remembered, so the loop can
 * look again before it sleeps instead of missing the job.
 */
export function createQueueWake(opts: {
  subscribe?: Database['subscribe'];
  log?: (msg: string, err?: unknown) => void;
}) {
  let wake: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let kicked = false;
  let listening = false;
  let unsubscribe: Promise<(() => Promise<void>) | undefined> | undefined;

  function kick() {
    kicked = true;
    wake?.();
  }

  return {
    kick,
    /** whether a kick came since the last `clear` */
    get kicked() {
      return kicked;
    },
    clear() {
      kicked = false;
    },
    /** whether notifications arrive: while not, nothing but a kick or the timer ends a sleep */
    get listening() {
      return listening;
    },
    sleep(ms: number) {
      return new Promise<void>((resolve) => {
        wake = () => {
          wake = undefined;
          clearTimeout(timer);
          resolve();
        };
        timer = setTimeout(() => wake?.(), ms);
      });
    },
    listen() {
      // Kicked on up and down alike: notifications may have been missed, and the sleep's bound changes.
      unsubscribe = opts
        .subscribe?.(JOBS_CHANNEL, {
          message: () => kick(),
          up: () => {
            listening = true;
            kick();
          },
          down: () => {
            listening = false;
            kick();
          },
        })
        .catch((err) => {
          opts.log?.('job listener failed; polling instead', err);
          return undefined;
        });
    },
    async unlisten() {
      const stop = await unsubscribe;
      unsubscribe = undefined;
      listening = false;
      await stop?.().catch((err) => opts.log?.('job listener stop failed', err));
    },
  };
}
