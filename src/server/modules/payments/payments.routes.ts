import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createPaymentIntentResponseSchema,
  createPaymentIntentSchema,
  offlineConfirmResponseSchema,
  offlineConfirmSchema,
  purchaseResponseSchema,
  purchaseTokensSchema,
  recheckResponseSchema,
} from '../../../shared/schemas/tokens';
import type { AppDeps } from '../../deps';
import { sendError } from '../../http/error-handler';
import { requireUser } from '../../http/session';
import { createPaymentsService, type PaymentsService } from './payments.service';
import { EngineError } from '../../engines/engine-error';
import { usersOnly } from '../../http/guards';

// Checkout: create the intent, (offline) confirm the card, credit the purchase, and the Stripe webhook.
export async function paymentsRoutes(
  app: FastifyInstance,
  opts: { deps: AppDeps; payments?: PaymentsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const engine = opts.deps.engines.payments;
  const payments = opts.payments ?? createPaymentsService(opts.deps, engine);

  r.post(
    '/api/create-payment-intent',
    {
      ...usersOnly,
      schema: { body: createPaymentIntentSchema, response: { 200: createPaymentIntentResponseSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      return payments.createIntent(user, request.body.packageId);
    },
  );

  r.post(
    '/api/purchase-tokens',
    { ...usersOnly, schema: { body: purchaseTokensSchema, response: { 200: purchaseResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      return payments.purchase(user, request.body);
    },
  );

  r.post(
    '/api/payments/offline/confirm',
    { ...usersOnly, schema: { body: offlineConfirmSchema, response: { 200: offlineConfirmResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      return payments.confirmOffline(user, request.body);
    },
  );

  r.post(
    '/api/payments/recheck',
    { schema: { response: { 200: recheckResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      return payments.recheck(user);
    },
  );

  // Stripe signs the exact bytes it sends: this scope keeps JSON bodies raw (and only this scope).
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post('/api/webhooks/stripe', async (request, reply) => {
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
