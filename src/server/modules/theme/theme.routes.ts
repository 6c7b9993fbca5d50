import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { themeResponseSchema, themeUpdateSchema } from '../../../shared/schemas/theme';
import type { AppDeps } from '../../deps';
import { adminOnly } from '../../http/guards';
import { requireAdmin } from '../../http/session';
import { createThemeService, themeResponse } from './theme.service';

export async function themeRoutes(
  app: FastifyInstance,
  opts: { deps: AppDeps; theme?: ReturnType<typeof createThemeService> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const theme = opts.theme ?? createThemeService(opts.deps.db);

  r.get('/api/theme', { schema: { response: { 200: themeResponseSchema } } }, async () =>
    themeResponse(await theme.get()),
  );

  // docs/product/decisions.md §2: one site theme; only admins change it.
  r.post(
    '/api/theme/update',
    { ...adminOnly, schema: { body: themeUpdateSchema, response: { 200: themeResponseSchema } } },
    async (request) => {
      const admin = requireAdmin(request);
      return themeResponse(await theme.update(request.body, admin));
    },
  );
}
