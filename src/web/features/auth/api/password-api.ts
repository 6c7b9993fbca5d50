import type { z } from 'zod';
import type { forgotPasswordSchema, resetPasswordTokenSchema } from '@shared/schemas/auth';
import { apiFetch } from '@web/lib/api';

type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
type ResetPasswordTokenInput = z.infer<typeof resetPasswordTokenSchema>;

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function requestPasswordReset(input: ForgotPasswordInput) {
  return apiFetch('/api/auth/forgot-password', { method: 'POST', json: input });
}

/** Sets a new password with the token from the emailed link. */
export function resetPasswordWithToken(input: ResetPasswordTokenInput) {
  return apiFetch('/api/auth/reset-password-token', { method: 'POST', json: input });
}

/** Whether the emailed reset link can still be used (a used or expired one is refused before typing). */
export async function resetLinkIsLive(token: string) {
  return (
    await apiFetch<{ valid: boolean }>('/api/auth/reset-password-token/check', {
      method: 'POST',
      json: { token },
    })
  ).valid;
}
