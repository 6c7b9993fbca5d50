import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { twoFactorApi } from '@shared/api/two-factor';
import { apiQuery, call, keyOf } from '@web/lib/api-client';
import { refetchUser } from '@web/lib/session';
import type { ErrorPolicyMeta } from '@web/lib/error-policy';

// Settings → Security: the authenticator app, passkeys and the account's security activity
// (docs/decisions/056-second-factor.md).
export const twoFactorKeys = { status: keyOf(twoFactorApi.status), activity: keyOf(twoFactorApi.activity) };

export function useTwoFactorStatus() {
  return useQuery({ ...apiQuery(twoFactorApi.status), staleTime: 0 });
}

export function useSecurityActivity() {
  return useQuery({ ...apiQuery(twoFactorApi.activity), staleTime: 0 });
}

/**
 * After a change: the status, the activity and the session's user (its twoFactorEnabled) are re-read.
 * The forms of this card say a refusal beside their fields; the list's actions toast it (`meta`).
 */
function useFactorMutation<TInput, TOutput>(
  request: (input: TInput) => Promise<TOutput>,
  meta: ErrorPolicyMeta = { errorToast: false },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    meta,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: twoFactorKeys.status }),
        client.invalidateQueries({ queryKey: twoFactorKeys.activity }),
        refetchUser(client),
      ]);
    },
  });
}

export function useStartTotp() {
  return useMutation({
    mutationFn: (password: string) => call(twoFactorApi.enrolTotp, { body: { password } }),
    // the card says a wrong password beside its field
    meta: { errorToast: false },
  });
}

export function useConfirmTotp() {
  return useFactorMutation((code: string) => call(twoFactorApi.confirmTotp, { body: { code } }));
}

export function useDisableTotp() {
  return useFactorMutation((input: { password: string; code: string }) =>
    call(twoFactorApi.disableTotp, { body: input }),
  );
}

/** The whole ceremony: options after the password, the browser's passkey prompt, the server's check. */
export function useAddPasskey() {
  return useFactorMutation(async ({ password, name }: { password: string; name: string }) => {
    const [{ startRegistration }, { options }] = await Promise.all([
      import('@simplewebauthn/browser'),
      call(twoFactorApi.passkeyOptions, { body: { password } }),
    ]);
    const response = await startRegistration({ optionsJSON: options as never });
    return call(twoFactorApi.addPasskey, {
      body: { name, response: response as unknown as Record<string, unknown> },
    });
  });
}

export function useRenamePasskey() {
  return useFactorMutation(
    ({ id, name }: { id: string; name: string }) =>
      call(twoFactorApi.renamePasskey, { params: { id }, body: { name } }),
    { errorTitle: 'Rename failed' },
  );
}

export function useRemovePasskey() {
  return useFactorMutation(
    ({ id, password }: { id: string; password: string }) =>
      call(twoFactorApi.removePasskey, { params: { id }, body: { password } }),
    { errorTitle: 'Remove failed' },
  );
}
