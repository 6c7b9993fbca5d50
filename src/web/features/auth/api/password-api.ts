import type { z } from 'zod';
import type { forgotPasswordSchema, resetPasswordTokenSchema } from '@shared/schemas/auth';
import { authApi } from '@shared/api/auth';
import { call } from '@web/lib/api-client';

type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
type ResetPasswordTokenInput = z.infer<typeof resetPasswordTokenSchema>;

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function requestPasswordReset(input: ForgotPasswordInput) {
  return call(authApi.forgotPassword, { body: input });
}

/** Sets a new password with the token from the emailed link. */
export function resetPasswordWithToken(input: ResetPasswordTokenInput) {
  return call(authApi.resetPasswordWithToken, { body: input });
}

/** Whether the emailed reset link can still be used (a used or expired one is refused before typing). */
export async function resetLinkIsLive(token: string) {
  return (await call(authApi.checkResetToken, { body: { token } })).valid;
}
