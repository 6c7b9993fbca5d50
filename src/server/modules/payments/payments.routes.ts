import type { FastifyInstance } from 'fastify';
import { tokensContract, webhooksContract } from '../../../shared/api/all';
import { route } from '../../http/route';
import type { AppDeps } from '../../deps';
import { sendError } from '../../http/error-handler';
import { requireUser } from '../../http/session';
import { createPaymentsService, type PaymentsService } from './payments.service';
import { EngineError } from '../../engines/engine-error';

// Checkout: create the intent, (offline) confirm the card, credit the purchase, and the Stripe webhook.
export async function paymentsRoutes(
  app: FastifyInstance,
  opts: { deps: AppDeps; payments?: PaymentsService },
) {
  const engine = opts.deps.engines.payments;
  const payments = opts.payments ?? createPaymentsService(opts.deps, engine);

  route(app, tokensContract.createPaymentIntent, async (request) => {
    const user = requireUser(request);
    return payments.createIntent(user, request.body.packageId);
  });

  route(app, tokensContract.purchase, async (request) => {
    const user = requireUser(request);
    return payments.purchase(user, request.body);
  });

  route(app, tokensContract.confirmOffline, async (request) => {
    const user = requireUser(request);
    return payments.confirmOffline(user, request.body);
  });

  route(app, tokensContract.recheck, async (request) => {
    const user = requireUser(request);
    return payments.recheck(user);
  });

  // Stripe signs the exact bytes it sends: this scope keeps JSON bodies raw (and only this scope).
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_req, body, done) => done(null, body),
    );
    route(scope, webhooksContract.stripe, {}, async (request, reply) => {
      if (engine.name !== 'stripe')
        return sendError(reply, 404, 'NOT_FOUND', 'Stripe payments are not enabled');
      const raw = request.body;
      if (!Buffer.isBuffer(raw))
        return sendError(reply, 400, 'WEBHOOK_SIGNATURE_INVALID', 'Webhook body missing');
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = engine.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined);
      } catch (err) {
        if (err instanceof EngineError) {
          request.log.warn({ err: err.message }, 'stripe webhook refused');
          return sendError(reply, 400, 'WEBHOOK_SIGNATURE_INVALID', 'Webhook signature verification failed');
        }
        throw err;
      }
      return payments.handleStripeEvent(event);
    });
  });
}
