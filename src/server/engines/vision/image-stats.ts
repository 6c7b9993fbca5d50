import { sharp } from '../../lib/sharp';
import { addToColourBuckets, hexColour, type ColourBucket } from '../colour';
import type { PaletteEntry, StructuredAnalysis } from '../../../shared/schemas/generation';

// A small set of everyday colour names; the nearest one (in RGB) names a palette entry.
const NAMED: [string, number, number, number][] = [
  ['black', 20, 20, 20],
  ['charcoal', 54, 69, 79],
  ['grey', 128, 128, 128],
  ['silver', 192, 192, 192],
  ['white', 245, 245, 245],
  ['red', 200, 30, 30],
  ['crimson', 150, 20, 40],
  ['maroon', 110, 25, 25],
  ['pink', 240, 150, 180],
  ['rose', 220, 90, 120],
  ['orange', 240, 130, 30],
  ['peach', 250, 200, 160],
  ['brown', 120, 75, 40],
  ['tan', 205, 170, 125],
  ['beige', 230, 215, 185],
  ['gold', 220, 180, 40],
  ['yellow', 245, 225, 60],
  ['olive', 120, 120, 40],
  ['lime', 160, 220, 60],
  ['green', 50, 150, 60],
  ['forest green', 30, 90, 40],
  ['teal', 20, 128, 128],
  ['turquoise', 64, 210, 200],
  ['cyan', 60, 220, 240],
  ['sky blue', 130, 190, 235],
  ['blue', 40, 90, 210],
  ['dark blue', 30, 55, 140],
  ['navy', 20, 30, 90],
  ['indigo', 75, 40, 130],
  ['purple', 130, 60, 170],
  ['lavender', 190, 170, 230],
  ['magenta', 210, 40, 180],
  ['skin tone', 225, 180, 150],
];

export function colourName(r: number, g: number, b: number): string {
  let best = NAMED[0];
  let bestD = Infinity;
  for (const c of NAMED) {
    // "redmean" distance: a cheap approximation of how different two colours look
    const rm = (c[1] + r) / 2;
    const d =
      (2 + rm / 256) * (c[1] - r) ** 2 + 4 * (c[2] - g) ** 2 + (2 + (255 - rm) / 256) * (c[3] - b) ** 2;
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best[0];
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

async function palette(img: Buffer): Promise<{ palette: PaletteEntry[]; pixels: Buffer; size: number }> {
  const size = 64;
  const pixels = await sharp(img).rotate().resize(size, size, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  // 4 bits per channel buckets; the average colour of the biggest buckets is the palette
  const buckets = addToColourBuckets(new Map<number, ColourBucket>(), pixels, 4);
  const total = size * size;
  const byName = new Map<string, PaletteEntry & { n: number; r: number; g: number; b: number }>();
  for (const e of [...buckets.values()].sort((a, b) => b.n - a.n)) {
    const [r, g, b] = [e.r / e.n, e.g / e.n, e.b / e.n];
    const name = colourName(r, g, b);
    const cur = byName.get(name);
    if (cur) {
      cur.n += e.n;
      cur.share = cur.n / total;
    } else {
      byName.set(name, { hex: hexColour(r, g, b), name, share: e.n / total, n: e.n, r, g, b });
    }
  }
  const top = [...byName.values()]
    .sort((a, b) => b.n - a.n)
    .slice(0, 5)
    .map((e) => ({ hex: e.hex, name: e.name, share: Math.round(e.share * 100) / 100 }));
  return { palette: top, pixels, size };
}

function tone(pixels: Buffer) {
  const lum: number[] = [];
  for (let i = 0; i < pixels.length; i += 3)
    lum.push(0.2126 * pixels[i] + 0.7152 * pixels[i + 1] + 0.0722 * pixels[i + 2]);
  const mean = lum.reduce((a, b) => a + b, 0) / lum.length;
  const sd = Math.sqrt(lum.reduce((a, b) => a + (b - mean) ** 2, 0) / lum.length);
  const b = Math.round((mean / 255) * 100);
  const c = Math.round((sd / 128) * 100);
  return {
    brightness: {
      value: b,
      label: b < 25 ? 'dark' : b < 45 ? 'dim' : b < 65 ? 'balanced' : b < 80 ? 'bright' : 'very bright',
    },
    contrast: { value: c, label: c < 25 ? 'low' : c < 50 ? 'medium' : 'high' },
  };
}

// How much of the frame differs from the border colour: a rough "how close is the subject".
function coverage(pixels: Buffer, size: number): number {
  const edge: number[] = [0, 0, 0];
  let n = 0;
  const band = Math.max(1, Math.round(size * 0.08));
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (x >= band && x < size - band && y >= band && y < size - band) continue;
      const i = (y * size + x) * 3;
      edge[0] += pixels[i];
      edge[1] += pixels[i + 1];
      edge[2] += pixels[i + 2];
      n++;
    }
  }
  const [er, eg, eb] = edge.map((v) => v / n);
  let far = 0;
  for (let i = 0; i < pixels.length; i += 3) {
    if (Math.abs(pixels[i] - er) + Math.abs(pixels[i + 1] - eg) + Math.abs(pixels[i + 2] - eb) > 90) far++;
  }
  return far / (size * size);
}

async function focus(img: Buffer): Promise<{ x: number; y: number }> {
  const base = await sharp(img).rotate().resize(256, 256, { fit: 'fill' }).toBuffer();
  const h = await sharp(base)
    .resize(128, 256, { fit: 'cover', position: sharp.strategy.attention })
    .toBuffer({ resolveWithObject: true });
  const v = await sharp(base)
    .resize(256, 128, { fit: 'cover', position: sharp.strategy.attention })
    .toBuffer({ resolveWithObject: true });
  const info = (r: { info: object }) => r.info as { attentionX?: number; attentionY?: number };
  return { x: (info(h).attentionX ?? 128) / 256, y: (info(v).attentionY ?? 128) / 256 };
}

/** Everything we can tell from the pixels themselves (orientation, palette, light, framing). */
export async function imageStats(img: Buffer): Promise<Omit<StructuredAnalysis, 'description' | 'source'>> {
  const meta = await sharp(img).rotate().metadata();
  const swap = (meta.orientation ?? 1) >= 5;
  const width = (swap ? meta.height : meta.width) ?? 0;
  const height = (swap ? meta.width : meta.height) ?? 0;
  const g = gcd(width, height) || 1;
  const { palette: colours, pixels, size } = await palette(img);
  const t = tone(pixels);
  const cov = coverage(pixels, size);
  const f = await focus(img);
  const col = f.x < 0.38 ? 'left' : f.x > 0.62 ? 'right' : 'centre';
  const row = f.y < 0.38 ? 'upper' : f.y > 0.62 ? 'lower' : 'middle';
  return {
    width,
    height,
    orientation: width > height * 1.05 ? 'landscape' : height > width * 1.05 ? 'portrait' : 'square',
    aspectRatio: width && height ? `${width / g}:${height / g}` : '1:1',
    palette: colours,
    brightness: t.brightness,
    contrast: t.contrast,
    subject: {
      framing: cov > 0.55 ? 'close-up' : cov > 0.2 ? 'medium shot' : 'wide shot',
      position:
        row === 'middle' && col === 'centre'
          ? 'centred'
          : `${row === 'middle' ? '' : `${row} `}${col === 'centre' ? 'centre' : col}`.trim(),
    },
  };
}
