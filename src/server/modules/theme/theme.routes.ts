import type { FastifyInstance } from 'fastify';
import { siteContract } from '../../../shared/api/all';
import { route } from '../../http/route';
import type { AppDeps } from '../../deps';
import { requireAdmin } from '../../http/session';
import { createThemeService, themeResponse } from './theme.service';

export async function themeRoutes(
  app: FastifyInstance,
  opts: { deps: AppDeps; theme?: ReturnType<typeof createThemeService> },
) {
  const theme = opts.theme ?? createThemeService(opts.deps.db);

  route(app, siteContract.theme, async () => themeResponse(await theme.get()));

  // docs/product/decisions.md §2: one site theme; only admins change it.
  route(app, siteContract.updateTheme, async (request) => {
    const admin = requireAdmin(request);
    return themeResponse(await theme.update(request.body, admin));
  });
}
