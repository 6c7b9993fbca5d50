import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, nameForType } from './download';

// jsdom has no object URLs; what the test puts in their place goes when it ends
const { createObjectURL, revokeObjectURL } = URL;

describe('downloadFile', () => {
  // the web project shares one module graph per worker (vitest.config.ts): a fetch left stubbed here
  // answered the next file's requests
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });

  it('names the saved file after what the server sent (a blurred WebP is not a .jpg)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': 'image/webp' } }),
      ),
    );
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
