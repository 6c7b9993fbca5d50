import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineImageEngine } from '../../engines/images/offline';
import { createHarness, type Harness } from '../../test/harness';
import { giveTokens, switchableImages } from '../../test/generation-helpers';
import { createRateLimiter } from '../../lib/rate-limiter';
import { ANALYZE_LIMIT, ANALYZE_WINDOW_MS } from './generation.service';

let h: Harness;
const images = switchableImages(createOfflineImageEngine());
beforeAll(async () => {
  h = await createHarness(
    {},
    { engines: (built) => ({ images: { ...built.images, offline: images.engine } }) },
  );
});
afterAll(async () => {
  await h?.close();
});

async function user(tokens = 0) {
  const c = h.client();
  const u = await c.register();
  if (tokens) await giveTokens(h.deps, u.id, tokens);
  return { c, u };
}

describe('POST /api/analyze-image', () => {
  function multipart(field: string, filename: string, data: Buffer, type: string) {
    const boundary = '----lora-test-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  it('describes a picture from its pixels', async () => {
    const { c } = await user();
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#1e3a8a' } })
      .composite([
        {
          input: await sharp({ create: { width: 100, height: 120, channels: 3, background: '#fbbf24' } })
            .png()
            .toBuffer(),
          left: 100,
          top: 40,
        },
      ])
      .png()
      .toBuffer();
    const res = await c.inject({
      method: 'POST',
      url: '/api/analyze-image',
      ...multipart('image', 'a.png', png, 'image/png'),
    });
    expect(res.statusCode).toBe(200);
    const out = res.json();
    expect(out.success).toBe(true);
    expect(out.structuredAnalysis).toMatchObject({
      width: 300,
      height: 200,
      orientation: 'landscape',
      aspectRatio: '3:2',
      source: 'offline',
    });
    expect(out.structuredAnalysis.palette[0].name).toMatch(/blue|navy/);
    expect(out.structuredAnalysis.palette.map((p: { name: string }) => p.name)).toContain('gold');
    expect(out.formattedPrompt).toContain('colour palette');
  });

  it('refuses what is not an image, whatever its name says', async () => {
    const { c } = await user();
    const fake = await c.inject({
      method: 'POST',
      url: '/api/analyze-image',
      ...multipart('image', 'x.png', Buffer.from('not really a png'), 'image/png'),
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error).toBe('Please select an image file (JPEG, PNG, etc.).');
    const wrongField = await c.inject({
      method: 'POST',
      url: '/api/analyze-image',
      ...multipart('file', 'x.png', Buffer.from('x'), 'image/png'),
    });
    expect(wrongField.statusCode).toBe(400);
    expect((await c.post('/api/analyze-image', { image: 'x' })).statusCode).toBe(400);
    expect(
      (
        await h.client().inject({
          method: 'POST',
          url: '/api/analyze-image',
          ...multipart('image', 'x.png', Buffer.from('x'), 'image/png'),
        })
      ).statusCode,
    ).toBe(401);
  });

  // Issue 13, point 5: the training photos' pixel cap, a bounded decode and a per-user limit.
  it('caps pixels, refuses a truncated image with 400 and limits analyses per user (429 + Retry-After)', async () => {
    const { c, u } = await user();
    // a PNG whose header claims 16000 x 16000 (256 MP) over a tiny body: refused before any decode
    const chunk = (type: string, data: Buffer) => {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])));
      return Buffer.concat([len, Buffer.from(type), data, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(16_000, 0);
    ihdr.writeUInt32BE(16_000, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const big = await c.inject({
      method: 'POST',
      url: '/api/analyze-image',
      ...multipart('image', 'b.png', bomb, 'image/png'),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      error: 'The image has too many pixels. Maximum is 50 megapixels.',
    });

    const noise = Buffer.alloc(400 * 300 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
    const jpeg = await sharp(noise, { raw: { width: 400, height: 300, channels: 3 } })
      .jpeg()
      .toBuffer();
    const truncated = await c.inject({
      method: 'POST',
      url: '/api/analyze-image',
      ...multipart('image', 't.jpg', jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg'),
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toMatchObject({
      code: 'UNSUPPORTED_IMAGE',
      error: 'The image could not be read. It may be damaged or incomplete.',
    });
    const whole = await c.inject({
      method: 'POST',
      url: '/api/analyze-image',
      ...multipart('image', 'w.jpg', jpeg, 'image/jpeg'),
    });
    expect(whole.statusCode).toBe(200);

    // three used above; fill the window to one below the limit: one more passes, the next is refused
    const repo = createRateLimiter(h.deps.db);
    for (let i = 4; i < ANALYZE_LIMIT; i++) await repo.hit(`analyze:user:${u.id}`, ANALYZE_WINDOW_MS);
    const last = await c.inject({
      method: 'POST',
      url: '/api/analyze-image',
      ...multipart('image', 'w.jpg', jpeg, 'image/jpeg'),
    });
    expect(last.statusCode).toBe(200);
    const over = await c.inject({
      method: 'POST',
      url: '/api/analyze-image',
      ...multipart('image', 'w.jpg', jpeg, 'image/jpeg'),
    });
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // another user is not limited by it
    const other = await (
      await user()
    ).c.inject({
      method: 'POST',
      url: '/api/analyze-image',
      ...multipart('image', 'w.jpg', jpeg, 'image/jpeg'),
    });
    expect(other.statusCode).toBe(200);
  });
});
