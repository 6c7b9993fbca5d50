import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '@shared/api/admin';
import { imagesApi } from '@shared/api/images';
import type { TokenPackage as SharedTokenPackage, TokenPackageInput } from '@shared/schemas/tokens';
import { apiQuery, call, keyOf } from '@web/lib/api-client';
import { tokenPackageKeys } from '@web/lib/query-keys';
import { adminKeys } from '../../shared/admin-query-keys';
import { useAdminMutation } from '../../shared/admin-queries';

export type TokenPackage = SharedTokenPackage;

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

/** What an upscale costs per factor (issue 25). */
export const useUpscalePrices = () => useQuery(apiQuery(imagesApi.adminUpscalePrices));
export function useSaveUpscalePrice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { factor: 2 | 4; tokenCost: number }) => call(imagesApi.updateUpscalePrice, { body }),
    meta: { errorFallback: 'The price could not be saved.' },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: adminKeys.upscalePrices });
      await qc.invalidateQueries({ queryKey: keyOf(imagesApi.upscalePrices) });
    },
  });
}
