import type { AppDeps } from '../../deps';
import { defineHostedCopyJob } from './hosted-copy.job';
import { defineHostingJob } from './hosting.job';
import { definePhotoChecksJob } from './photo-checks.job';
import { defineTrainingJob } from './training.job';
import { defineWatchdogJob } from './watchdog.job';

// A personal model's pipeline: train at a vendor, host the weights, and a watchdog that heals and
// settles anything stuck between the two; the removal of a deleted model's hosted copy; and the
// advisory checks of its training photos.
export function registerTrainingJobs(deps: AppDeps) {
  defineTrainingJob(deps);
  defineHostingJob(deps);
  defineHostedCopyJob(deps);
  defineWatchdogJob(deps);
  definePhotoChecksJob(deps);
}
