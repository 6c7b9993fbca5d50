import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '@shared/api/account';
import { authApi } from '@shared/api/auth';
import type { ProfileInput, PublicUser } from '@shared/schemas/user';
import { apiQuery, call, keyOf } from '@web/lib/api-client';
import { styleKeys } from '@web/lib/query-keys';
import { refetchUser, setSessionUser } from '@web/lib/session';
import type { ErrorPolicyMeta } from '@web/lib/error-policy';

type UserResponse = { user: PublicUser };

/** Shows the server's answer at once, then re-reads the session (docs/product/spec-part-2.md §7: refetch after changes). */
function useUserMutation<TInput>(
  request: (input: TInput) => Promise<UserResponse | undefined>,
  meta: ErrorPolicyMeta,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    meta,
    onSuccess: async (data) => {
      if (data?.user) setSessionUser(client, data.user);
      await refetchUser(client);
    },
  });
}

export function useUpdateProfile() {
  // a 400's fields (a taken name or e-mail, a wrong password) go beside the form's inputs
  return useUserMutation((input: ProfileInput) => call(accountApi.updateProfile, { body: input }), {
    errorTitle: 'Update failed',
    errorToast: 'unless-fields',
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      call(authApi.changePassword, { body: input }),
    // a wrong current password is said beside its field
    meta: { errorTitle: 'Password change failed', errorToast: 'unless-fields' },
    // a new password signs out every other device
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

export function useUpdateNsfw() {
  const client = useQueryClient();
  const mutation = useUserMutation(
    (enableNSFW: boolean) => call(accountApi.setNsfw, { body: { enableNSFW } }),
    { errorTitle: 'Update failed' },
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
    mutationFn: () => call(authApi.resendVerification),
    meta: { errorTitle: 'Could not send verification email', errorFallback: 'Please try again later.' },
  });
}

/** The user's sign-in sessions (Settings → Security); only this feature reads them. */
export const sessionKeys = { all: keyOf(authApi.sessions) };

export function useSessions() {
  return useQuery({ ...apiQuery(authApi.sessions), staleTime: 0 });
}

function useSessionMutation<TInput>(request: (input: TInput) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    meta: { errorTitle: 'Could not sign out' },
    onSettled: () => client.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

export function useRevokeSession() {
  return useSessionMutation((id: string) => call(authApi.revokeSession, { body: { id } }));
}

/** Sign out everywhere else: every other session ends, this one stays. */
export function useRevokeOtherSessions() {
  return useSessionMutation(() => call(authApi.revokeOtherSessions));
}
