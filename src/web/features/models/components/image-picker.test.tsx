import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImagePicker } from './image-picker';

function Picker({ initial }: { initial: File[] }) {
  const [files, setFiles] = useState(initial);
  return <ImagePicker files={files} onChange={setFiles} max={20} hint="PNG, JPG, or WebP up to 10MB" />;
}

const photo = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

describe('ImagePicker', () => {
  beforeAll(() => {
    // jsdom has no object URLs
    URL.createObjectURL ??= vi.fn(() => 'blob:preview');
    URL.revokeObjectURL ??= vi.fn();
  });
  afterEach(cleanup);

  it('names the drop zone by its visible text and hint (WCAG 2.5.3 label in name)', () => {
    render(<Picker initial={[]} />);
    const zone = screen.getByRole('button', {
      name: 'Drag and drop images here, or click to browse PNG, JPG, or WebP up to 10MB',
    });
    expect(zone.getAttribute('aria-label')).toBeNull();
  });

  it('keeps the file input out of the drop zone button, and disabled with it', () => {
    render(<ImagePicker files={[]} onChange={() => {}} max={20} hint="hint" disabled />);
    const zone = screen.getByRole('button', { name: /Drag and drop images here, or click to browse/ });
    const input = screen.getByTestId('image-input') as HTMLInputElement;
    expect(zone.contains(input)).toBe(false);
    expect(input.disabled).toBe(true);
  });

  it('keeps keyboard focus after removing an image', async () => {
    render(<Picker initial={[photo('a.jpg'), photo('b.jpg'), photo('c.jpg')]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove b.jpg' }));
    expect(screen.queryByRole('button', { name: 'Remove b.jpg' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove c.jpg' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove c.jpg' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove a.jpg' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove a.jpg' }));
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: /Drag and drop images here, or click to browse/ }),
    );
  });
});
