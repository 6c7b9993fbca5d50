import type { ServerModule } from '../../http/server-module';
import { defineLikenessJob } from './likeness.job';

/** What `modules/likeness` adds to a process: the app composes every module from one list (server-modules.ts). */
export const likenessModule: ServerModule = {
  jobs: defineLikenessJob,
};
