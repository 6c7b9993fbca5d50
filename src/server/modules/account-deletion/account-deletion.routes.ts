import type { FastifyInstance } from 'fastify';
import { accountContract, adminContract } from '../../../shared/api/all';
import { route } from '../../http/route';
import type { AppDeps } from '../../deps';
import { clearSessionCookie, requireAdmin, requireUser } from '../../http/session';
import { createAccountDeletionService, type Reauthenticate } from './account-deletion.service';

export const DELETION_STARTED =
  'Your account is being deleted. You have been signed out; a last e-mail confirms when it is done.';

export async function accountDeletionRoutes(
  app: FastifyInstance,
  opts: { deps: AppDeps; reauthenticate: Reauthenticate },
) {
  const service = createAccountDeletionService(opts.deps, opts.reauthenticate);

  route(app, accountContract.deleteAccount, async (request, reply) => {
    await service.deleteOwn(requireUser(request), request.body.password);
    clearSessionCookie(reply, opts.deps.config);
    return reply.status(202).send({ success: true, message: DELETION_STARTED });
  });

  route(app, adminContract.deleteUser, async (request, reply) => {
    await service.deleteByAdmin(requireAdmin(request), request.params.id);
    return reply.status(202).send({
      success: true,
      message: 'The account is being deleted; the ledger and purchases stay, anonymised.',
    });
  });
}
