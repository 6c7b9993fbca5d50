import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from './ui/toaster';
import { resetToasts } from './ui/use-toast';
import { checkFile, DropZone, FileInput, type FileRule } from './upload-field';

const RULES: FileRule[] = [
  { ok: (f) => f.type === 'image/png', title: 'Invalid file', description: (f) => `${f.name} is not a PNG.` },
  { ok: (f) => f.size <= 4, title: 'File too large', description: (f) => `${f.name} is too large.` },
];
const file = (name: string, type: string, body = 'x') => new File([body], name, { type });

beforeEach(resetToasts);
afterEach(cleanup);

describe('checkFile', () => {
  it('passes a file that keeps every rule and says which rule another breaks first', async () => {
    render(<Toaster />);
    expect(checkFile(file('a.png', 'image/png'), RULES)).toBe(true);
    expect(checkFile(file('b.gif', 'image/gif', 'too long'), RULES)).toBe(false);
    expect(await screen.findByText('b.gif is not a PNG.')).toBeTruthy();
    expect(screen.queryByText('b.gif is too large.')).toBeNull();
  });
});

describe('FileInput', () => {
  it('hands over the chosen files, stays out of the tab order and empties itself', async () => {
    const onFiles = vi.fn();
    render(<FileInput accept="image/png" label="Images" multiple onFiles={onFiles} />);
    const input = screen.getByLabelText<HTMLInputElement>('Images');
    expect(input.tabIndex).toBe(-1);
    await userEvent.upload(input, [file('a.png', 'image/png'), file('b.png', 'image/png')]);
    expect(onFiles.mock.calls[0]![0].map((f: File) => f.name)).toEqual(['a.png', 'b.png']);
    expect(input.value).toBe('');
  });
});

describe('DropZone', () => {
  it('browses on click, Enter and Space, and takes dropped files', async () => {
    const onBrowse = vi.fn();
    const onFiles = vi.fn();
    render(<DropZone onBrowse={onBrowse} onFiles={onFiles} hint="PNG up to 4 bytes" />);
    const zone = screen.getByRole('button', { name: /Drag and drop images here/ });
    await userEvent.click(zone);
    zone.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onBrowse).toHaveBeenCalledTimes(3);
    fireEvent.drop(zone, { dataTransfer: { files: [file('a.png', 'image/png')] } });
    expect(onFiles.mock.calls[0]![0][0].name).toBe('a.png');
  });

  it('does nothing while disabled', async () => {
    const onBrowse = vi.fn();
    const onFiles = vi.fn();
    render(<DropZone onBrowse={onBrowse} onFiles={onFiles} hint="hint" disabled />);
    const zone = screen.getByRole('button', { name: /Drag and drop/ });
    expect(zone.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(zone);
    fireEvent.drop(zone, { dataTransfer: { files: [file('a.png', 'image/png')] } });
    expect(onBrowse).not.toHaveBeenCalled();
    expect(onFiles).not.toHaveBeenCalled();
  });
});
