import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, nameForType } from './download';

describe('downloadFile', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names the saved file after what the server sent (a blurred WebP is not a .jpg)', async () => {
    globalThis.fetch = vi.fn(
      async () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': 'image/webp' } }),
    ) as typeof fetch;
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    let saved = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = this.download;
    });
    await downloadFile('/files/u/1/a.jpg', 'lora-studio-image-i1.jpg');
    expect(saved).toBe('lora-studio-image-i1.webp');
  });

  it('keeps the name for a JPEG and for an unknown type', () => {
    expect(nameForType('a.jpg', 'image/jpeg')).toBe('a.jpg');
    expect(nameForType('a.jpg', 'image/png; charset=binary')).toBe('a.png');
    expect(nameForType('a.jpg', 'application/octet-stream')).toBe('a.jpg');
    expect(nameForType('a.jpg', null)).toBe('a.jpg');
  });
});
