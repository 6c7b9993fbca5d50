import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { AdminCreateUserInput, AdminStats, AdminUser } from '@shared/schemas/admin';
import { NEXT_CURSOR_HEADER } from '@shared/schemas/common';
import type { AdminModel as SharedAdminModel } from '@shared/schemas/models';
import type { PresetStyle } from '@shared/schemas/styles';
import type { AdminSystem } from '@shared/schemas/system';
import type {
  LedgerCheck as SharedLedgerCheck,
  SaleView,
  TokenPackage as SharedTokenPackage,
} from '@shared/schemas/tokens';
import { apiFetch, buildQueryPath } from '@web/lib/api';
import { USER_QUERY_KEY } from '@web/lib/query-client';
import { modelKeys, styleKeys, tokenPackageKeys, transactionKeys } from '@web/lib/query-keys';

// ---- shapes served by other modules (issue #6 pins them) ----
export type AdminModel = SharedAdminModel;
export type TrainingStatus = {
  progress: number | null;
  logs: string | null;
  cancelUrl?: string | null;
  status?: string;
};
export type TokenPackage = SharedTokenPackage;
export type Sale = SaleView;
export type LedgerCheck = SharedLedgerCheck;

/** Keys are the URLs the default query function fetches (src/web/lib/api.ts); a bare one is a prefix. */
export const adminKeys = {
  stats: ['/api/admin/stats'] as const,
  imageCount: ['/api/admin/generated-images/count'] as const,
  ledgerCheck: ['/api/admin/ledger-check'] as const,
  users: ['/api/admin/users'] as const,
  userList: (search: string) => ['/api/admin/users', { search: search || undefined }] as const,
  models: ['/api/admin/models'] as const,
  modelList: (search: string) => ['/api/admin/models', { search: search || undefined }] as const,
  packages: ['/api/admin/token-packages'] as const,
  sales: ['/api/admin/sales'] as const,
  system: ['/api/admin/system'] as const,
};

// ---- dashboard figures ----
export const useAdminStats = () => useQuery<AdminStats>({ queryKey: adminKeys.stats });
export const useImageCount = () => useQuery<{ count: number }>({ queryKey: adminKeys.imageCount });
/** The operator's view; refreshed while the tab is open, since workers come and go. */
export const useAdminSystem = () =>
  useQuery<AdminSystem>({ queryKey: adminKeys.system, refetchInterval: 15_000 });
export const useLedgerCheck = () => useQuery<LedgerCheck>({ queryKey: adminKeys.ledgerCheck });

// ---- users ----

export function useAdminUsers(search: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.userList(search),
    initialPageParam: null as string | null,
    queryFn: async ({ queryKey, pageParam, signal }) => {
      let nextCursor: string | null = null;
      const users = await apiFetch<AdminUser[]>(
        buildQueryPath([...(queryKey as QueryKey), { cursor: pageParam ?? undefined }]),
        { signal, onHeaders: (headers) => (nextCursor = headers.get(NEXT_CURSOR_HEADER)) },
      );
      return { users, nextCursor };
    },
    getNextPageParam: (last) => last.nextCursor,
    // the table keeps the last results on screen while a new search loads
    placeholderData: keepPreviousData,
  });
}

/** A change, then every read it may have moved is refreshed (each key matches as a prefix). */
function useAdminMutation<V, R = unknown>(fn: (vars: V) => Promise<R>, keys: readonly QueryKey[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

const post = <R>(path: string, json: unknown) => apiFetch<R>(path, { method: 'POST', json });

export const useCreateUser = () =>
  useAdminMutation(
    (input: AdminCreateUserInput) => post<{ user: AdminUser }>('/api/admin/users', input),
    [adminKeys.users, adminKeys.stats],
  );
export const useUpdateBalance = () =>
  useAdminMutation(
    (v: { userId: string; tokenBalance: number }) =>
      post<{ success: boolean; newBalance: number }>('/api/admin/users/update-balance', v),
    // the admin may be changing their own balance: the header reads the session
    [adminKeys.users, adminKeys.ledgerCheck, USER_QUERY_KEY, transactionKeys.all],
  );
export const useToggleAdmin = () =>
  useAdminMutation(
    (v: { userId: string; isAdmin: boolean }) => post('/api/admin/users/toggle-admin', v),
    [adminKeys.users, USER_QUERY_KEY],
  );
export const useToggleNsfw = () =>
  useAdminMutation(
    (v: { userId: string; enableNSFW: boolean }) => post('/api/admin/users/toggle-nsfw', v),
    [adminKeys.users, USER_QUERY_KEY],
  );
export const useSetUserStatus = () =>
  useAdminMutation(
    (v: { userId: string; status: 'active' | 'suspended' }) => post('/api/admin/users/set-status', v),
    [adminKeys.users],
  );
export const useResetPassword = () =>
  useAdminMutation((v: { username: string; newPassword: string }) => post('/api/auth/reset-password', v), []);

// ---- models ----
/** GET /api/admin/models: an array, newest first; older pages through the X-Next-Cursor header. */
export function useAdminModels(search: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.modelList(search),
    initialPageParam: null as string | null,
    queryFn: async ({ queryKey, pageParam, signal }) => {
      let nextCursor: string | null = null;
      const models = await apiFetch<AdminModel[]>(
        buildQueryPath([...(queryKey as QueryKey), { cursor: pageParam ?? undefined }]),
        { signal, onHeaders: (headers) => (nextCursor = headers.get(NEXT_CURSOR_HEADER)) },
      );
      return { models, nextCursor };
    },
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export const useTrainingStatus = (id: string, enabled: boolean) =>
  useQuery<TrainingStatus>({
    queryKey: modelKeys.trainingStatus(id),
    enabled,
    refetchInterval: enabled ? 10_000 : false,
  });

// training charges (and cancelling refunds) the owner, who may be the admin: the session is read again too
const MODEL_KEYS = [adminKeys.models, modelKeys.all, adminKeys.stats, USER_QUERY_KEY];
export const useDeleteModel = () =>
  useAdminMutation((id: string) => apiFetch(`/api/models/${id}`, { method: 'DELETE' }), MODEL_KEYS);
export const useResetModel = () =>
  useAdminMutation((id: string) => post(`/api/models/${id}/status`, { status: 'uploaded' }), MODEL_KEYS);
export const useStartTraining = () =>
  useAdminMutation((id: string) => post(`/api/models/${id}/train`, {}), MODEL_KEYS);
export const useCancelTraining = () =>
  useAdminMutation((id: string) => post(`/api/models/${id}/cancel-training`, {}), MODEL_KEYS);

// ---- styles ----
export const useAdminStyles = () =>
  useQuery<PresetStyle[]>({ queryKey: styleKeys.list({ showNsfw: true, includeInactive: true }) });

// ---- token packages ----
const PACKAGES_URL = '/api/admin/token-packages';
export const useAdminPackages = () =>
  useQuery({
    queryKey: adminKeys.packages,
    select: (data: TokenPackage[] | { packages: TokenPackage[] }) =>
      Array.isArray(data) ? data : data.packages,
  });
export type PackageInput = { name: string; tokenAmount: number; priceInCents: number; isDiscounted: boolean };
export const useSavePackage = () =>
  useAdminMutation(
    ({ id, ...input }: PackageInput & { id?: string }) =>
      id ? apiFetch(`${PACKAGES_URL}/${id}`, { method: 'PATCH', json: input }) : post(PACKAGES_URL, input),
    [adminKeys.packages, tokenPackageKeys.all],
  );
export const useDeletePackage = () =>
  useAdminMutation(
    (id: string) => apiFetch(`${PACKAGES_URL}/${id}`, { method: 'DELETE' }),
    [adminKeys.packages, tokenPackageKeys.all],
  );

// ---- sales ----
export function useSales() {
  return useInfiniteQuery({
    queryKey: adminKeys.sales,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<{ sales: Sale[]; nextCursor: string | null }>(
        buildQueryPath(['/api/admin/sales', { cursor: pageParam ?? undefined }]),
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}
