import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import type { MaintenanceSweep } from '../jobs/maintenance';
import type { AuthService } from '../modules/auth';
import type { ThemeService } from '../modules/theme';
import type { TwoFactorService } from '../modules/two-factor';
import type { AppMetrics } from './metrics';

/** What buildApp hands every module's routes: the deps, and the services the app builds once and shares. */
export type ModuleContext = {
  deps: AppDeps;
  metrics: AppMetrics;
  /** the session check (http/session.ts) and the account routes share it */
  auth: AuthService;
  twoFactor: TwoFactorService;
  /** the theme routes and the pages (http/static.ts) share its cache */
  theme: ThemeService;
};

/**
 * What a module (src/server/modules/<m>/module.ts) adds to a process. Jobs are defined on every
 * process, web and worker alike (a web process enqueues them); routes only where the process serves
 * HTTP — so they are two hooks, both walked from one list (src/server/server-modules.ts).
 */
export type ServerModule = {
  /** registers its routes (each through http/route.ts, from its descriptor) */
  routes?: (app: FastifyInstance, ctx: ModuleContext) => Promise<void>;
  /** defines its durable jobs on deps.queue */
  jobs?: (deps: AppDeps) => void;
  /** its share of the daily maintenance job (jobs/maintenance.ts) */
  sweeps?: (deps: AppDeps) => MaintenanceSweep[];
};
