import type { FastifyInstance } from 'fastify';
import { siteApi } from '../../../shared/api/site';
import { route } from '../../http/route';
import type { AppDeps } from '../../deps';
import { adminOnly } from '../../http/guards';
import { requireAdmin } from '../../http/session';
import { createThemeService, themeResponse } from './theme.service';

export async function themeRoutes(
  app: FastifyInstance,
  opts: { deps: AppDeps; theme?: ReturnType<typeof createThemeService> },
) {
  const theme = opts.theme ?? createThemeService(opts.deps.db);

  route(app, siteApi.theme, {}, async () => themeResponse(await theme.get()));

  // docs/product/decisions.md §2: one site theme; only admins change it.
  route(app, siteApi.updateTheme, adminOnly, async (request) => {
    const admin = requireAdmin(request);
    return themeResponse(await theme.update(request.body, admin));
  });
}
