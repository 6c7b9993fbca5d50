import { adminApi } from '@shared/api/admin';
import type { AdminCreateUserInput } from '@shared/schemas/admin';
import { call } from '@web/lib/api-client';
import { USER_QUERY_KEY } from '@web/lib/query-client';
import { transactionKeys } from '@web/lib/query-keys';
import { adminKeys } from '../../shared/admin-query-keys';
import { useAdminMutation, useSearchPages } from '../../shared/admin-queries';

export const useAdminUsers = (search: string) =>
  useSearchPages(adminKeys.userList(search), search, (query, signal, onHeaders) =>
    call(adminApi.users, { query, signal, onHeaders }),
  );

export const useCreateUser = () =>
  useAdminMutation(
    (input: AdminCreateUserInput) => call(adminApi.createUser, { body: input }),
    [adminKeys.users, adminKeys.stats],
    // a 400's fields go beside the form's inputs
    { errorTitle: 'Error creating user', errorToast: 'unless-fields' },
  );
export const useUpdateBalance = () =>
  useAdminMutation(
    (v: { userId: string; tokenBalance: number }) => call(adminApi.updateBalance, { body: v }),
    // the admin may be changing their own balance: the header reads the session
    [adminKeys.users, adminKeys.ledgerCheck, USER_QUERY_KEY, transactionKeys.all],
    { errorTitle: 'Update failed', errorFallback: 'Failed to update token balance' },
  );
export const useToggleAdmin = () =>
  useAdminMutation(
    (v: { userId: string; isAdmin: boolean }) => call(adminApi.toggleAdmin, { body: v }),
    [adminKeys.users, USER_QUERY_KEY],
    { errorTitle: 'Update failed', errorFallback: 'Failed to update admin status' },
  );
export const useToggleNsfw = () =>
  useAdminMutation(
    (v: { userId: string; enableNSFW: boolean }) => call(adminApi.toggleNsfw, { body: v }),
    [adminKeys.users, USER_QUERY_KEY],
    { errorTitle: 'Update failed', errorFallback: 'Failed to update NSFW access' },
  );
export const useSetUserStatus = () =>
  useAdminMutation(
    (v: { userId: string; status: 'active' | 'suspended' }) => call(adminApi.setUserStatus, { body: v }),
    [adminKeys.users],
    { errorTitle: 'Update failed', errorFallback: 'Failed to update user status' },
  );
export const useResetPassword = () =>
  useAdminMutation(
    (v: { username: string; newPassword: string }) => call(adminApi.resetPassword, { body: v }),
    [],
    { errorTitle: 'Password reset failed', errorFallback: 'Failed to reset password' },
  );
