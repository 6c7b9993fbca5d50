import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { createAuthService } from './auth.service';

export const JOB_FORGOT_PASSWORD = 'auth.forgot-password';
const payloadSchema = z.object({ usernameOrEmail: z.string().min(1).max(254) });

// The reset mail is written here, not in the request: the request then does the same work for an
// account that exists and one that does not, so its answer time tells nothing (issue 13, point 8).
export function defineAuthJobs(deps: AppDeps) {
  deps.queue.define({
    name: JOB_FORGOT_PASSWORD,
    schema: payloadSchema,
    maxAttempts: 3,
    handler: async ({ usernameOrEmail }) => {
      await createAuthService(deps).sendPasswordReset(usernameOrEmail);
    },
  });
}
