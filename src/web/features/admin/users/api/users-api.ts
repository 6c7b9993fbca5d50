import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { adminApi } from '@shared/api/admin';
import { modelsApi } from '@shared/api/models';
import { stylesApi } from '@shared/api/styles';
import type { AdminCreateUserInput } from '@shared/schemas/admin';
import { NEXT_CURSOR_HEADER } from '@shared/constants';
import type { AdminModel as SharedAdminModel } from '@shared/schemas/models';
import type {
  LedgerCheck as SharedLedgerCheck,
  SaleView,
  TokenPackage as SharedTokenPackage,
  TokenPackageInput,
} from '@shared/schemas/tokens';
import { apiQuery, call, keyOf } from '@web/lib/api-client';
import type { ErrorPolicyMeta } from '@web/lib/error-policy';
import { USER_QUERY_KEY } from '@web/lib/query-client';
import { modelKeys, tokenPackageKeys, transactionKeys } from '@web/lib/query-keys';

// ---- shapes served by other modules (issue #6 pins them) ----
export type AdminModel = SharedAdminModel;
export type TokenPackage = SharedTokenPackage;
export type Sale = SaleView;
export type LedgerCheck = SharedLedgerCheck;

/** The admin's query keys, from the descriptors (lib/api-client.ts); a bare one is a prefix. */
export const adminKeys = {
  stats: keyOf(adminApi.stats),
  imageCount: keyOf(adminApi.imageCount),
  ledgerCheck: keyOf(adminApi.ledgerCheck),
  users: keyOf(adminApi.users),
  userList: (search: string) => keyOf(adminApi.users, { query: { search: search || undefined } }),
  models: keyOf(adminApi.models),
  modelList: (search: string) => keyOf(adminApi.models, { query: { search: search || undefined } }),
  packages: keyOf(adminApi.packages),
  sales: keyOf(adminApi.sales),
  system: keyOf(adminApi.system),
};

// ---- dashboard figures ----
export const useAdminStats = () => useQuery(apiQuery(adminApi.stats));
export const useImageCount = () => useQuery(apiQuery(adminApi.imageCount));
/** The operator's view; refreshed while the tab is open, since workers come and go. */
export const useAdminSystem = () => useQuery({ ...apiQuery(adminApi.system), refetchInterval: 15_000 });
/** p75 of each Web Vital per page over the last `hours` (decision 057). */
export const useAdminVitals = (hours: number) => useQuery(apiQuery(adminApi.vitals, { query: { hours } }));
export const useLedgerCheck = () => useQuery(apiQuery(adminApi.ledgerCheck));

// ---- users ----

export function useAdminUsers(search: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.userList(search),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      let nextCursor: string | null = null;
      const users = await call(adminApi.users, {
        query: { search: search || undefined, cursor: pageParam ?? undefined },
        signal,
        onHeaders: (headers) => (nextCursor = headers.get(NEXT_CURSOR_HEADER)),
      });
      return { users, nextCursor };
    },
    getNextPageParam: (last) => last.nextCursor,
    // the table keeps the last results on screen while a new search loads
    placeholderData: keepPreviousData,
  });
}

/**
 * A change, then every read it may have moved is refreshed (each key matches as a prefix). `meta`
 * words its failure (src/web/lib/error-policy.ts).
 */
function useAdminMutation<V, R = unknown>(
  fn: (vars: V) => Promise<R>,
  keys: readonly QueryKey[],
  meta: ErrorPolicyMeta,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta,
    onSuccess: () => Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

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

// ---- models ----
/** GET /api/admin/models: an array, newest first; older pages through the X-Next-Cursor header. */
export function useAdminModels(search: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.modelList(search),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      let nextCursor: string | null = null;
      const models = await call(adminApi.models, {
        query: { search: search || undefined, cursor: pageParam ?? undefined },
        signal,
        onHeaders: (headers) => (nextCursor = headers.get(NEXT_CURSOR_HEADER)),
      });
      return { models, nextCursor };
    },
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export const useTrainingStatus = (id: string, enabled: boolean) =>
  useQuery({
    ...apiQuery(modelsApi.trainingStatus, { params: { id } }),
    enabled,
    refetchInterval: enabled ? 10_000 : false,
  });

// training charges (and cancelling refunds) the owner, who may be the admin: the session is read again too
const MODEL_KEYS = [adminKeys.models, modelKeys.all, adminKeys.stats, USER_QUERY_KEY];
export const useDeleteModel = () =>
  useAdminMutation((id: string) => call(modelsApi.remove, { params: { id } }), MODEL_KEYS, {
    errorTitle: 'Deletion failed',
    errorFallback: 'Failed to delete the model',
  });
export const useResetModel = () =>
  useAdminMutation(
    (id: string) => call(modelsApi.setStatus, { params: { id }, body: { status: 'uploaded' } }),
    MODEL_KEYS,
    { errorTitle: 'Reset failed', errorFallback: 'Failed to reset the model' },
  );
export const useStartTraining = () =>
  useAdminMutation((id: string) => call(modelsApi.train, { params: { id } }), MODEL_KEYS, {
    errorTitle: 'Training failed',
    errorFallback: 'Failed to start training',
  });
export const useCancelTraining = () =>
  useAdminMutation((id: string) => call(modelsApi.cancelTraining, { params: { id } }), MODEL_KEYS, {
    errorTitle: 'Cancel failed',
    errorFallback: 'Failed to cancel training',
  });

// ---- styles ----
export const useAdminStyles = () =>
  useQuery(apiQuery(stylesApi.list, { query: { showNsfw: true, includeInactive: true } }));

// ---- token packages ----
export const useAdminPackages = () => useQuery(apiQuery(adminApi.packages));
/** `isNew` words a failure as the spec does: 'Error creating package' or 'Update failed'. */
export const useSavePackage = (isNew: boolean) =>
  useAdminMutation(
    ({ id, ...input }: TokenPackageInput & { id?: string }) =>
      id
        ? call(adminApi.updatePackage, { params: { id }, body: input })
        : call(adminApi.createPackage, { body: input }),
    [adminKeys.packages, tokenPackageKeys.all],
    // a 400's fields go beside the form's inputs
    isNew
      ? {
          errorTitle: 'Error creating package',
          errorFallback: 'Failed to create package',
          errorToast: 'unless-fields',
        }
      : {
          errorTitle: 'Update failed',
          errorFallback: 'Failed to update package',
          errorToast: 'unless-fields',
        },
  );
export const useDeletePackage = () =>
  useAdminMutation(
    (id: string) => call(adminApi.deletePackage, { params: { id } }),
    [adminKeys.packages, tokenPackageKeys.all],
    { errorFallback: 'Failed to delete package' },
  );

// ---- sales ----
export function useSales() {
  return useInfiniteQuery({
    queryKey: adminKeys.sales,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      call(adminApi.sales, { query: { cursor: pageParam ?? undefined }, signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
}
