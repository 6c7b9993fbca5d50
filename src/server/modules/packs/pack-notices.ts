import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { notify } from '../notifications';

type Finished = {
  id: string;
  userId: string;
  packName: string;
  status: 'succeeded' | 'partial' | 'failed';
  total: number;
  done: number;
  failed: number;
  refunded: number;
};

/**
 * A pack's owner hears once that it finished (issue 45 N5), under the bell and, unless they turned
 * the kind off, by mail; in the transaction that settles the batch, so a rolled-back settle tells
 * nobody and a second settle (a retried job) inserts nothing: the subject is the batch.
 */
export async function noticePackFinished(deps: Pick<AppDeps, 'queue'>, tx: DbOrTx, b: Finished) {
  const refund =
    b.refunded > 0 ? ` The ${b.refunded.toLocaleString('en-US')} tokens they cost were refunded.` : '';
  const [title, body] =
    b.status === 'succeeded'
      ? [
          `Your ${b.packName} pack is ready`,
          `All ${b.total} photos of your ${b.packName} pack are in its album.`,
        ]
      : b.status === 'partial'
        ? [
            `Your ${b.packName} pack is ready`,
            `${b.done} of ${b.total} photos of your ${b.packName} pack are in its album; ${b.failed} could not be generated.${refund}`,
          ]
        : [
            `Your ${b.packName} pack could not be generated`,
            `None of the ${b.total} photos of your ${b.packName} pack could be generated.${refund}`,
          ];
  await notify(deps, tx, {
    userId: b.userId,
    kind: 'pack_ready',
    subjectKey: `pack:${b.id}`,
    title,
    body,
    link: b.done > 0 ? `/gallery/albums/${b.id}` : '/packs',
  });
}
