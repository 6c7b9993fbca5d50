import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { AdminCreateUserInput, AdminStats, AdminUser } from '@shared/schemas/admin';
import { NEXT_CURSOR_HEADER } from '@shared/schemas/common';
import type { PresetStyle } from '@shared/schemas/styles';
import type { LedgerCheck as SharedLedgerCheck, SaleView, TokenPackage as SharedTokenPackage } from '@shared/schemas/tokens';
import { apiFetch, buildQueryPath } from '@web/lib/api';

// ---- shapes served by other modules (issue #6 pins them) ----
export type AdminModel = {
  id: string;
  name: string;
  description: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  replicateModelId: string | null;
  zipUrl: string | null;
  runwareAirName: string | null;
  previewImageUrl: string | null;
  trainingImages: { id: string; imageUrl: string; previewImageUrl: string | null }[];
  imageCount: number;
  userId: string;
  userUsername: string | null;
  userEmail: string | null;
};
export type TrainingStatus = { progress: number | null; logs: string | null; cancelUrl?: string | null; status?: string };
export type TokenPackage = SharedTokenPackage;
export type Sale = SaleView;
export type LedgerCheck = SharedLedgerCheck;

// ---- dashboard figures ----
export const useAdminStats = () => useQuery<AdminStats>({ queryKey: ['/api/admin/stats'] });
export const useImageCount = () => useQuery<{ count: number }>({ queryKey: ['/api/admin/generated-images/count'] });
export const useLedgerCheck = () => useQuery<LedgerCheck>({ queryKey: ['/api/admin/ledger-check'] });

// ---- users ----
const USERS_KEY = '/api/admin/users';

export function useAdminUsers(search: string) {
  return useInfiniteQuery({
    queryKey: [USERS_KEY, { search: search || undefined }],
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

function useAdminMutation<V, R = unknown>(fn: (vars: V) => Promise<R>, keys: string[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all(keys.map((k) => client.invalidateQueries({ queryKey: [k] }))),
  });
}

const post = <R,>(path: string, json: unknown) => apiFetch<R>(path, { method: 'POST', json });

export const useCreateUser = () =>
  useAdminMutation((input: AdminCreateUserInput) => post<{ user: AdminUser }>('/api/admin/users', input), [USERS_KEY, '/api/admin/stats']);
export const useUpdateBalance = () =>
  useAdminMutation(
    (v: { userId: string; tokenBalance: number }) => post<{ success: boolean; newBalance: number }>('/api/admin/users/update-balance', v),
    // the admin may be changing their own balance: the header reads the session
    [USERS_KEY, '/api/admin/ledger-check', '/api/auth/user', '/api/transactions'],
  );
export const useToggleAdmin = () => useAdminMutation((v: { userId: string; isAdmin: boolean }) => post('/api/admin/users/toggle-admin', v), [USERS_KEY, '/api/auth/user']);
export const useToggleNsfw = () => useAdminMutation((v: { userId: string; enableNSFW: boolean }) => post('/api/admin/users/toggle-nsfw', v), [USERS_KEY, '/api/auth/user']);
export const useSetUserStatus = () =>
  useAdminMutation((v: { userId: string; status: 'active' | 'suspended' }) => post('/api/admin/users/set-status', v), [USERS_KEY]);
export const useResetPassword = () =>
  useAdminMutation((v: { username: string; newPassword: string }) => post('/api/auth/reset-password', v), []);

// ---- models ----
/** GET /api/admin/models: an array, newest first; older pages through the X-Next-Cursor header. */
export function useAdminModels(search: string) {
  return useInfiniteQuery({
    queryKey: ['/api/admin/models', { search: search || undefined }],
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
  useQuery<TrainingStatus>({ queryKey: ['/api/models', id, 'training-status'], enabled, refetchInterval: enabled ? 10_000 : false });

// training charges (and cancelling refunds) the owner, who may be the admin: the session is read again too
const MODEL_KEYS = ['/api/admin/models', '/api/models', '/api/admin/stats', '/api/auth/user'];
export const useDeleteModel = () => useAdminMutation((id: string) => apiFetch(`/api/models/${id}`, { method: 'DELETE' }), MODEL_KEYS);
export const useResetModel = () => useAdminMutation((id: string) => post(`/api/models/${id}/status`, { status: 'uploaded' }), MODEL_KEYS);
export const useStartTraining = () => useAdminMutation((id: string) => post(`/api/models/${id}/train`, {}), MODEL_KEYS);
export const useCancelTraining = () => useAdminMutation((id: string) => post(`/api/models/${id}/cancel-training`, {}), MODEL_KEYS);

// ---- styles ----
export const useAdminStyles = () =>
  useQuery<PresetStyle[]>({ queryKey: ['/api/preset-styles', { showNsfw: true, includeInactive: true }] });

// ---- token packages ----
const PACKAGES_KEY = '/api/admin/token-packages';
export const useAdminPackages = () =>
  useQuery({
    queryKey: [PACKAGES_KEY],
    select: (data: TokenPackage[] | { packages: TokenPackage[] }) => (Array.isArray(data) ? data : data.packages),
  });
export type PackageInput = { name: string; tokenAmount: number; priceInCents: number; isDiscounted: boolean };
export const useSavePackage = () =>
  useAdminMutation(
    ({ id, ...input }: PackageInput & { id?: string }) =>
      id ? apiFetch(`${PACKAGES_KEY}/${id}`, { method: 'PATCH', json: input }) : post(PACKAGES_KEY, input),
    [PACKAGES_KEY, '/api/token-packages'],
  );
export const useDeletePackage = () =>
  useAdminMutation((id: string) => apiFetch(`${PACKAGES_KEY}/${id}`, { method: 'DELETE' }), [PACKAGES_KEY, '/api/token-packages']);

// ---- sales ----
export function useSales() {
  return useInfiniteQuery({
    queryKey: ['/api/admin/sales'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<{ sales: Sale[]; nextCursor: string | null }>(buildQueryPath(['/api/admin/sales', { cursor: pageParam ?? undefined }]), { signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
}
