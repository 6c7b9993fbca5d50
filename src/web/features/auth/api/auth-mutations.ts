import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@shared/schemas/user';
import type { LoginInput, RegisterInput } from '@shared/schemas/auth';
import { apiFetch } from '@web/lib/api';
import { setSessionUser } from '@web/lib/session';

// Kept apart from lib/session.ts (read by the route guard on every page) so that the landing page
// does not load the mutation machinery.
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      apiFetch<{ user: PublicUser }>('/api/auth/login', { method: 'POST', json: input }),
    onSuccess: ({ user }) => setSessionUser(client, user),
  });
}

export function useRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) =>
      apiFetch<{ user: PublicUser }>('/api/auth/register', { method: 'POST', json: input }),
    onSuccess: ({ user }) => setSessionUser(client, user),
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: () => apiFetch<{ success: boolean }>('/api/auth/logout', { method: 'POST' }),
  });
}
