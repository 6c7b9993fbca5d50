import type { FastifyInstance } from 'fastify';
import { webhooksContract } from '../../../shared/api/all';
import { route } from '../../http/route';
import type { AppDeps } from '../../deps';
import { AppError, unauthorized } from '../../lib/errors';
import { verifyReplicateWebhook } from '../../engines/training/replicate-webhook';
import { createTrainingService } from './training.service';

/** POST /api/webhooks/replicate: checks the signature and hands the training id to the service. */
export async function webhooksRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { deps } = opts;
  const training = createTrainingService(deps);
  // the signature covers the exact bytes: keep the body as a string in this scope
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 2 * 1024 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  route(app, webhooksContract.replicate, async (request) => {
    const secret = deps.config.replicate?.webhookSecret;
    if (!secret) throw new AppError(404, 'NOT_FOUND', 'Not found');
    const raw = typeof request.body === 'string' ? request.body : '';
    const header = (n: string) => {
      const v = request.headers[n];
      return Array.isArray(v) ? v[0] : v;
    };
    if (!verifyReplicateWebhook(raw, header, secret)) throw unauthorized('Invalid webhook signature');
    let id: unknown;
    try {
      id = JSON.parse(raw)?.id;
    } catch {
      return { received: true };
    }
    if (typeof id !== 'string' || id.length > 200) return { received: true };
    await training.trainingEvent(id);
    return { received: true };
  });
}
