import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { GeneratedImageView } from '@shared/schemas/generation';
import { useImagePreview } from './use-image-preview';

const img = (id: string) => ({ id }) as GeneratedImageView;

describe('useImagePreview', () => {
  it('follows the previewed image by id when new images arrive before it', () => {
    const { result, rerender } = renderHook(({ images }) => useImagePreview(images), {
      initialProps: { images: [img('a'), img('b')] },
    });
    expect(result.current.index).toBe(-1);
    act(() => result.current.open('b'));
    expect(result.current.index).toBe(1);
    rerender({ images: [img('new'), img('a'), img('b')] });
    expect(result.current.index).toBe(2);
    act(() => result.current.setIndex(0));
    expect(result.current.previewId).toBe('new');
    act(() => result.current.setIndex(null));
    expect(result.current.index).toBe(-1);
  });

  it('keeps the details image apart from the preview', () => {
    const { result } = renderHook(() => useImagePreview([img('a')]));
    act(() => result.current.setDetails(img('a')));
    expect(result.current.details?.id).toBe('a');
    expect(result.current.previewId).toBeNull();
  });
});
