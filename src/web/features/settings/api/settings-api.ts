import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput, PublicUser, SessionInfo } from '@shared/schemas/user';
import { apiFetch } from '@web/lib/api';
import { styleKeys } from '@web/lib/query-keys';
import { refetchUser, setSessionUser } from '@web/lib/session';

type UserResponse = { user: PublicUser };

/** Shows the server's answer at once, then re-reads the session (docs/product/spec-part-2.md §7: refetch after changes). */
function useUserMutation<TInput>(request: (input: TInput) => Promise<UserResponse | undefined>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (data) => {
      if (data?.user) setSessionUser(client, data.user);
      await refetchUser(client);
    },
  });
}

export function useUpdateProfile() {
  return useUserMutation((input: ProfileInput) =>
    apiFetch<UserResponse>('/api/user/profile', { method: 'PATCH', json: input }),
  );
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      apiFetch('/api/user/change-password', { method: 'POST', json: input }),
    // a new password signs out every other device
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

export function useUpdateNsfw() {
  const client = useQueryClient();
  const mutation = useUserMutation((enableNSFW: boolean) =>
    apiFetch<UserResponse>('/api/user/nsfw-settings', { method: 'POST', json: { enableNSFW } }),
  );
  return {
    ...mutation,
    mutateAsync: async (enableNSFW: boolean) => {
      const result = await mutation.mutateAsync(enableNSFW);
      // Which preset styles are offered depends on the setting.
      await client.invalidateQueries({ queryKey: styleKeys.all });
      return result;
    },
  };
}

export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiFetch('/api/auth/resend-verification', { method: 'POST' }),
  });
}

/** The user's sign-in sessions (Settings → Security); only this feature reads them. */
export const sessionKeys = { all: ['/api/auth/sessions'] as const };

export function useSessions() {
  return useQuery<{ sessions: SessionInfo[] }>({ queryKey: sessionKeys.all, staleTime: 0 });
}

function useSessionMutation<TInput>(request: (input: TInput) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => client.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

export function useRevokeSession() {
  return useSessionMutation((id: string) =>
    apiFetch('/api/auth/sessions/revoke', { method: 'POST', json: { id } }),
  );
}

/** Sign out everywhere else: every other session ends, this one stays. */
export function useRevokeOtherSessions() {
  return useSessionMutation(() => apiFetch('/api/auth/sessions/revoke-all', { method: 'POST' }));
}
