import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '@shared/api/auth';
import type { LoginInput, RegisterInput } from '@shared/schemas/auth';
import { call } from '@web/lib/api-client';
import { setSessionUser } from '@web/lib/session';

// Kept apart from lib/session.ts (read by the route guard on every page) so that the landing page
// does not load the mutation machinery.
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => call(authApi.login, { body: input }),
    onSuccess: ({ user }) => setSessionUser(client, user),
  });
}

export function useRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => call(authApi.register, { body: input }),
    onSuccess: ({ user }) => setSessionUser(client, user),
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: () => call(authApi.logout),
  });
}
