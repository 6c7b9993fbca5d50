import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '@shared/api/auth';
import { twoFactorApi } from '@shared/api/two-factor';
import type { LoginInput, RegisterInput } from '@shared/schemas/auth';
import { call } from '@web/lib/api-client';
import type { ErrorPolicyMeta } from '@web/lib/error-policy';
import { setSessionUser } from '@web/lib/session';

// Kept apart from lib/session.ts (read by the route guard on every page) so that the landing page
// does not load the mutation machinery.
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => call(authApi.login, { body: input }),
    meta: { errorTitle: 'Login failed', errorFallback: 'Please check your credentials and try again.' },
    // with a second factor the password step answers a challenge and no session (decision 056)
    onSuccess: (result) => {
      if ('user' in result) setSessionUser(client, result.user);
    },
  });
}

/** The second step of a sign-in: a code from the authenticator app, or a backup code. */
export function useSecondStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call(twoFactorApi.loginSecondStep, { body: { code } }),
    // the form says a wrong code beside its field
    meta: { errorToast: false },
    onSuccess: ({ user }) => setSessionUser(client, user),
  });
}

/**
 * Signing in with a passkey: the server's challenge, the browser's ceremony, the server's check.
 * `meta` says how its failure is told where it is used (a toast on the login page, a line in the
 * second step).
 */
export function usePasskeySignIn(meta: ErrorPolicyMeta) {
  const client = useQueryClient();
  return useMutation({
    meta,
    mutationFn: async () => {
      const [{ startAuthentication }, { options }] = await Promise.all([
        import('@simplewebauthn/browser'),
        call(twoFactorApi.passkeyLoginOptions),
      ]);
      const response = await startAuthentication({ optionsJSON: options as never });
      return call(twoFactorApi.passkeyLogin, {
        body: { response: response as unknown as Record<string, unknown> },
      });
    },
    onSuccess: ({ user }) => setSessionUser(client, user),
  });
}

export function useRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => call(authApi.register, { body: input }),
    // spec part 1 §8 toasts it; a taken name or e-mail is also shown beside its field
    meta: {
      errorTitle: 'Registration failed',
      errorFallback: 'Please check your information and try again.',
    },
    onSuccess: ({ user }) => setSessionUser(client, user),
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: () => call(authApi.logout),
    meta: {
      errorTitle: 'Logout failed',
      errorFallback: 'There was a problem during logout. Please try again.',
    },
  });
}
