import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { usePageTitle } from './use-page-title';

function Titled({ title }: { title?: string }) {
  usePageTitle(title);
  return null;
}

describe('usePageTitle', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('names the page, and leaves a title that is already right alone', () => {
    document.title = 'Log In · LoRA Studio';
    const set = vi.spyOn(document, 'title', 'set');
    const { rerender } = render(<Titled title="Log In" />);
    expect(set).not.toHaveBeenCalled();
    rerender(<Titled title="Settings" />);
    expect(document.title).toBe('Settings · LoRA Studio');
    rerender(<Titled />);
    expect(document.title).toBe('LoRA Studio');
    expect(set).toHaveBeenCalledTimes(2);
  });
});
