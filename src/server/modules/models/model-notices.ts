import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { notify } from '../notifications';
import type { ModelRow } from './models.repository';
import { formatCount, SERVER_LOCALE } from '../../../shared/intl';

type Model = Pick<ModelRow, 'id' | 'userId' | 'name' | 'trainingAttempt'>;

// A model's owner hears once per training attempt that it is ready or that it failed (issue 25),
// in the transaction that moves the model: a rolled-back move tells nobody.

export async function noticeModelReady(deps: Pick<AppDeps, 'queue'>, tx: DbOrTx, m: Model) {
  await notify(deps, tx, {
    userId: m.userId,
    kind: 'training_ready',
    subjectKey: `training:${m.id}:${m.trainingAttempt}:ready`,
    title: `Your model "${m.name}" is ready`,
    body: `Training finished and "${m.name}" is ready to generate images.`,
    link: `/models/${m.id}`,
  });
}

/** `refunded`: the tokens the failure gave back (null: none were charged or already refunded). */
export async function noticeModelFailed(
  deps: Pick<AppDeps, 'queue'>,
  tx: DbOrTx,
  m: Model,
  refunded: number | null,
) {
  const refund = refunded
    ? ` The ${formatCount(refunded, SERVER_LOCALE)} tokens it cost were refunded to your balance.`
    : '';
  await notify(deps, tx, {
    userId: m.userId,
    kind: 'training_failed',
    subjectKey: `training:${m.id}:${m.trainingAttempt}:failed`,
    title: `Training of "${m.name}" failed`,
    body: `Training of your model "${m.name}" did not succeed.${refund}`,
    link: `/models/${m.id}`,
  });
}
