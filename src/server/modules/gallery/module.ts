import type { ServerModule } from '../../http/server-module';
import { galleryRoutes } from './gallery.routes';

/** What `modules/gallery` adds to a process: the app composes every module from one list (server-modules.ts). */
export const galleryModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(galleryRoutes, { deps: ctx.deps });
  },
};
