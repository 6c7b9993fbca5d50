import { sharp } from '../../lib/sharp';
import type { OverlayOptions } from 'sharp';
import type { ImageEngine, RenderedImage, RenderRequest } from './images';

/**
 * The offline renderer: a real code path with no network. It composes an SVG scene from the prompt,
 * seed, style and the personal model's artifact (palette + face crops) and encodes it as a JPEG of
 * exactly the requested size. Same inputs → same bytes; another prompt or style → another picture.
 */
export function createOfflineImageEngine(): ImageEngine {
  return {
    name: 'offline',
    async render(req) {
      const out: RenderedImage[] = [];
      for (let i = 0; i < req.count; i++) {
        const seed = (req.seed + i) % 2_147_483_648;
        out.push({ data: await renderOne(req, seed), isNsfw: req.style?.isNsfw ?? false, seed });
      }
      return out;
    },
  };
}

// FNV-1a: a stable 32-bit hash of text, to mix prompt and style into the seed.
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

// mulberry32: small, fast, good enough for pictures, and deterministic.
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Words in a prompt pull the scene towards a hue, so "ocean" looks blue and "forest" green.
const KEYWORD_HUES: [RegExp, number][] = [
  [/\b(sunset|sunrise|fire|flame|autumn|orange|desert)\b/i, 25],
  [/\b(gold|golden|sun|sunny|yellow|sand|beach)\b/i, 45],
  [/\b(forest|grass|green|jungle|nature|garden|spring)\b/i, 120],
  [/\b(ocean|sea|water|blue|sky|ice|winter|snow)\b/i, 205],
  [/\b(night|space|galaxy|star|moon|midnight|dark)\b/i, 235],
  [/\b(neon|cyber|cyberpunk|purple|magic|fantasy)\b/i, 285],
  [/\b(rose|pink|love|romantic|flower|blossom)\b/i, 330],
  [/\b(red|blood|crimson|wine)\b/i, 355],
];

function hsl(h: number, s: number, l: number) {
  return `hsl(${Math.round(((h % 360) + 360) % 360)}, ${Math.round(s)}%, ${Math.round(l)}%)`;
}

function hexToHue(hex: string): number | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = parseInt(m[1], 16);
  const r = ((n >> 16) & 255) / 255;
  const g = ((n >> 8) & 255) / 255;
  const b = (n & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 0;
  const d = max - min;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Scene = { hues: number[]; pattern: number; dark: boolean };

function sceneFor(req: RenderRequest, rand: () => number): Scene {
  const text = `${req.prompt} ${req.style?.prompt ?? ''}`;
  const hues: number[] = [];
  for (const [re, hue] of KEYWORD_HUES) if (re.test(text)) hues.push(hue);
  const artifactHues = (req.personalModel?.artifact?.palette ?? [])
    .map(hexToHue)
    .filter((h): h is number => h !== null);
  hues.push(...artifactHues.slice(0, 2));
  // the style gives the scene its own colour family and pattern, the prompt shifts it
  const styleHash = hashText(req.style ? `${req.style.id}|${req.style.name}` : 'no-style');
  const promptHash = hashText(req.prompt.toLowerCase());
  hues.push((styleHash % 360) + ((promptHash % 60) - 30));
  while (hues.length < 4) hues.push(hues[hues.length - 1] + 40 + rand() * 100);
  const dark = /\b(night|dark|noir|space|midnight|cyber|neon)\b/i.test(text) || styleHash % 5 === 0;
  return { hues, pattern: styleHash % 4, dark };
}

function patternSvg(kind: number, w: number, h: number, color: string, rand: () => number): string {
  const step = Math.max(16, Math.round(Math.min(w, h) / (10 + rand() * 10)));
  if (kind === 0) {
    return `<pattern id="p" width="${step}" height="${step}" patternUnits="userSpaceOnUse" patternTransform="rotate(${Math.round(rand() * 90)})"><rect width="${step / 2}" height="${step}" fill="${color}"/></pattern>`;
  }
  if (kind === 1) {
    return `<pattern id="p" width="${step}" height="${step}" patternUnits="userSpaceOnUse"><circle cx="${step / 2}" cy="${step / 2}" r="${step / 6}" fill="${color}"/></pattern>`;
  }
  if (kind === 2) {
    return `<pattern id="p" width="${step}" height="${step}" patternUnits="userSpaceOnUse"><path d="M0 0H${step}V${step}" fill="none" stroke="${color}" stroke-width="${Math.max(1, step / 16)}"/></pattern>`;
  }
  return `<pattern id="p" width="${step * 2}" height="${step}" patternUnits="userSpaceOnUse"><path d="M0 ${step / 2} Q ${step / 2} 0 ${step} ${step / 2} T ${step * 2} ${step / 2}" fill="none" stroke="${color}" stroke-width="${Math.max(1, step / 10)}"/></pattern>`;
}

function ridge(w: number, h: number, base: number, amp: number, rand: () => number): string {
  const n = 8 + Math.floor(rand() * 6);
  let d = `M0 ${h} L0 ${Math.round(base)}`;
  for (let i = 1; i <= n; i++) {
    const x = Math.round((w * i) / n);
    const y = Math.round(base + (rand() - 0.5) * amp);
    const cx = Math.round(x - w / n / 2);
    const cy = Math.round(base + (rand() - 0.5) * amp * 1.4);
    d += ` Q${cx} ${cy} ${x} ${y}`;
  }
  return `${d} L${w} ${h} Z`;
}

export function buildScene(
  req: RenderRequest,
  seed: number,
): { svg: string; face: { cx: number; cy: number; r: number }; tone: string } {
  const { width: w, height: h } = req;
  const rand = seededRandom(seed ^ hashText(req.prompt) ^ hashText(req.style?.id ?? ''));
  const s = sceneFor(req, rand);
  const [h0, h1, h2, h3] = s.hues;
  const light = s.dark ? 18 : 62;
  const m = Math.min(w, h);
  const parts: string[] = [];
  parts.push(`<defs>
    <linearGradient id="bg" x1="0" y1="0" x2="${(rand() * 0.6 + 0.2).toFixed(2)}" y2="1">
      <stop offset="0" stop-color="${hsl(h0, 70, light + 12)}"/><stop offset="1" stop-color="${hsl(h1, 65, light - 8)}"/>
    </linearGradient>
    <radialGradient id="orb"><stop offset="0" stop-color="${hsl(h2, 95, 88)}"/><stop offset="0.6" stop-color="${hsl(h2, 90, 65)}" stop-opacity="0.7"/><stop offset="1" stop-color="${hsl(h2, 90, 60)}" stop-opacity="0"/></radialGradient>
    ${patternSvg(s.pattern, w, h, hsl(h3, 60, s.dark ? 70 : 95), rand).replace('<pattern', '<pattern opacity="0.12"')}
  </defs>`);
  parts.push(`<rect width="${w}" height="${h}" fill="url(#bg)"/>`);
  parts.push(`<rect width="${w}" height="${h}" fill="url(#p)" opacity="0.18"/>`);
  const orbR = m * (0.18 + rand() * 0.2);
  parts.push(
    `<circle cx="${Math.round(w * (0.15 + rand() * 0.7))}" cy="${Math.round(h * (0.12 + rand() * 0.3))}" r="${Math.round(orbR * 1.8)}" fill="url(#orb)"/>`,
  );
  const sparks = 12 + Math.floor(rand() * 30);
  for (let i = 0; i < sparks; i++) {
    const r = Math.max(1, Math.round(m * (0.003 + rand() * 0.012)));
    parts.push(
      `<circle cx="${Math.round(rand() * w)}" cy="${Math.round(rand() * h * 0.6)}" r="${r}" fill="${hsl(h2 + rand() * 40, 80, 90)}" opacity="${(0.3 + rand() * 0.6).toFixed(2)}"/>`,
    );
  }
  const layers = 3 + Math.floor(rand() * 2);
  for (let i = 0; i < layers; i++) {
    const base = h * (0.55 + (i / layers) * 0.35);
    const tone = s.dark ? 10 + i * 6 : 45 - i * 8;
    parts.push(
      `<path d="${ridge(w, h, base, h * (0.18 - i * 0.03), rand)}" fill="${hsl(h1 + i * 12, 45, tone)}" opacity="${(0.75 + i * 0.08).toFixed(2)}"/>`,
    );
  }
  // the subject: a head-and-shoulders silhouette where the personal model's face crops go
  const cx = Math.round(w / 2 + (rand() - 0.5) * w * 0.2);
  const headR = Math.round(m * 0.17);
  const cy = Math.round(h * 0.55 - headR * 0.4);
  parts.push(
    `<ellipse cx="${cx}" cy="${cy + headR * 2.6}" rx="${Math.round(headR * 2.1)}" ry="${Math.round(headR * 1.5)}" fill="${hsl(h3, 35, s.dark ? 28 : 30)}"/>`,
  );
  parts.push(
    `<circle cx="${cx}" cy="${cy}" r="${Math.round(headR * 1.08)}" fill="${hsl(h2, 70, s.dark ? 60 : 92)}" opacity="0.9"/>`,
  );
  parts.push(`<circle cx="${cx}" cy="${cy}" r="${headR}" fill="${hsl(h3, 40, s.dark ? 40 : 70)}"/>`);
  const caption = req.prompt.trim().replace(/\s+/g, ' ').slice(0, 70);
  const fs = Math.max(10, Math.round(m * 0.032));
  parts.push(
    `<rect x="0" y="${h - fs * 2.2}" width="${w}" height="${fs * 2.2}" fill="black" opacity="0.35"/>`,
  );
  parts.push(
    `<text x="${Math.round(fs * 0.8)}" y="${Math.round(h - fs * 0.75)}" font-family="DejaVu Sans, sans-serif" font-size="${fs}" fill="white">${escapeXml(caption)}</text>`,
  );
  if (req.style) {
    parts.push(
      `<text x="${w - Math.round(fs * 0.8)}" y="${Math.round(fs * 1.6)}" text-anchor="end" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="${fs}" fill="white" opacity="0.85">${escapeXml(req.style.name)}</text>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${parts.join('')}</svg>`;
  // the style's key colour, laid over a drawn face so it sits in the scene's light
  return { svg, face: { cx, cy, r: headR }, tone: hsl(h0, 70, s.dark ? 35 : 60) };
}

async function circleCrop(crop: Buffer, d: number): Promise<Buffer> {
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${d}" height="${d}"><circle cx="${d / 2}" cy="${d / 2}" r="${d / 2}" fill="#fff"/></svg>`,
  );
  return sharp(crop)
    .resize(d, d, { fit: 'cover' })
    .ensureAlpha()
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer();
}

async function renderOne(req: RenderRequest, seed: number): Promise<Buffer> {
  const {
    svg,
    face: { cx, cy, r },
    tone,
  } = buildScene(req, seed);
  const base = sharp(Buffer.from(svg), { density: 72 });
  const crops = req.personalModel?.artifact?.crops ?? [];
  const bestFace = req.personalModel?.artifact?.bestFace ?? null;
  const layers: OverlayOptions[] = [];
  if (crops.length > 0 || bestFace) {
    const rand = seededRandom(seed ^ 0x5bd1e995);
    // the best face crop (decision 022) when face analysis found one, else one of the trainer's crops
    const face = bestFace ? await toned(bestFace, tone) : crops[Math.floor(rand() * crops.length)];
    // the LoRA weight decides how strongly the person shows through
    const weight = Math.max(0, Math.min(2, req.personalModel?.weight ?? 1));
    const d = Math.max(8, Math.round(r * 2));
    const left = Math.min(Math.max(0, cx - r), req.width - d);
    const top = Math.min(Math.max(0, cy - r), req.height - d);
    if (d <= req.width && d <= req.height && weight > 0) {
      let img = await circleCrop(face, d);
      if (weight < 1) img = await fadeAlpha(img, weight);
      layers.push({ input: img, left, top });
    }
    // the other crops as small round "film strip" frames along the top
    const small = Math.max(8, Math.round(Math.min(req.width, req.height) * 0.1));
    const others = crops.filter((c) => c !== face).slice(0, 3);
    for (let i = 0; i < others.length; i++) {
      const l = Math.round(small * 0.4 + i * small * 1.2);
      if (l + small > req.width || small * 1.4 > req.height) break;
      layers.push({ input: await circleCrop(others[i], small), left: l, top: Math.round(small * 0.4) });
    }
  }
  const img = layers.length > 0 ? base.composite(layers) : base;
  // flatten + exact resize guard: whatever librsvg does with rounding, the output is width × height
  return img
    .flatten({ background: '#000000' })
    .resize(req.width, req.height, { fit: 'fill' })
    .jpeg({ quality: 88, mozjpeg: false })
    .toBuffer();
}

/**
 * Tints a face towards the style's colour with a soft-light layer: the scene's light falls on it, while
 * the features (what the likeness score measures) stay as they are.
 */
export async function toned(face: Buffer, colour: string): Promise<Buffer> {
  const meta = await sharp(face).metadata();
  const w = meta.width ?? 256;
  const h = meta.height ?? 256;
  const layer = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="${colour}" fill-opacity="0.55"/></svg>`,
  );
  return sharp(face)
    .composite([{ input: layer, blend: 'soft-light' }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function fadeAlpha(png: Buffer, factor: number): Promise<Buffer> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let i = 3; i < data.length; i += 4) data[i] = Math.round(data[i] * factor);
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer();
}
