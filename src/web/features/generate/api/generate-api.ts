import { useMutation, useQuery } from '@tanstack/react-query';
import type { ModelStatus } from '@shared/constants';
import type { AnalyzeImageResponse, GenerateImageInput, GenerateImageResponse } from '@shared/schemas/generation';
import { apiFetch } from '@web/lib/api';

export type BaseModel = { id: string; name: string; description: string; tokenCost: number; isDefault?: boolean; architecture?: string };
export type UserModel = { id: string; name: string; status: ModelStatus };
export type PresetStyle = { id: string; name: string; description: string; tokenCost: number; isNSFW: boolean; previewImageUrl: string | null };

export function useBaseModels() {
  return useQuery<BaseModel[]>({ queryKey: ['/api/base-models'] });
}

export function useUserModels(enabled: boolean) {
  return useQuery<UserModel[]>({ queryKey: ['/api/models'], enabled });
}

/** Spec part 2 §6: the user's NSFW flag decides whether NSFW styles are asked for. */
export function usePresetStyles(showNsfw: boolean) {
  return useQuery<PresetStyle[]>({ queryKey: ['/api/preset-styles', { showNsfw }] });
}

export function useGenerateImages() {
  return useMutation({
    mutationFn: (input: GenerateImageInput) => apiFetch<GenerateImageResponse>('/api/generate-image', { method: 'POST', json: input }),
  });
}

export function useAnalyzeImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('image', file);
      return apiFetch<AnalyzeImageResponse>('/api/analyze-image', { method: 'POST', body });
    },
  });
}

export function useDeleteImage() {
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ success: boolean }>(`/api/generated-images/${id}`, { method: 'DELETE' }),
  });
}
