import type { AppDeps } from '../deps';

// Each domain that runs durable work adds its job definitions here, for both web (enqueue) and worker roles.
export function registerJobs(_deps: AppDeps) {}
