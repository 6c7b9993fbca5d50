import { useQuery } from '@tanstack/react-query';
import { adminApi } from '@shared/api/admin';
import { modelsApi } from '@shared/api/models';
import type { AdminModel as SharedAdminModel } from '@shared/schemas/models';
import { apiQuery, call } from '@web/lib/api-client';
import { USER_QUERY_KEY } from '@web/lib/query-client';
import { modelKeys } from '@web/lib/query-keys';
import { adminKeys } from '../../shared/admin-query-keys';
import { useAdminMutation, useSearchPages } from '../../shared/admin-queries';

export type AdminModel = SharedAdminModel;

/** GET /api/admin/models: an array, newest first; older pages through the X-Next-Cursor header. */
export const useAdminModels = (search: string) =>
  useSearchPages(
    adminKeys.modelList(search),
    search,
    (query, signal, onHeaders) => call(adminApi.models, { query, signal, onHeaders }),
    { staleTime: 60_000 },
  );

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
