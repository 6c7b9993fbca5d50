import { sharp } from '../lib/sharp';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { baseModels, packPrompts, packs, presetStyles, tokenPackages } from './schema/index';
import type { Storage } from '../storage/storage';
import { stylePreviewKey } from '../storage/keys';

const BASE_MODELS = [
  {
    name: 'FLUX.1 Dev',
    description: 'High quality, detailed images',
    air: 'runware:101@1',
    architecture: 'flux1d',
    tokenCost: 15,
    isDefault: true,
    sortOrder: 0,
  },
  {
    name: 'FLUX.1 Schnell',
    description: 'Fast drafts at a lower cost',
    air: 'runware:100@1',
    architecture: 'flux1s',
    tokenCost: 10,
    isDefault: false,
    sortOrder: 1,
  },
  {
    name: 'Juggernaut XL',
    description: 'Photorealistic SDXL model',
    air: 'civitai:133005@782002',
    architecture: 'sdxl',
    tokenCost: 20,
    isDefault: false,
    sortOrder: 2,
  },
];

const STYLES = [
  {
    slug: 'professional-headshot',
    name: 'Professional Headshot',
    description: 'Studio-lit corporate portrait on a neutral backdrop',
    prompt: 'professional headshot, studio lighting, neutral grey backdrop, sharp focus, business attire',
    colors: ['#0f766e', '#99f6e4'],
    tokenCost: 50,
    isNsfw: false,
  },
  {
    slug: 'oil-painting',
    name: 'Oil Painting',
    description: 'Classical portrait with rich brush strokes',
    prompt: 'classical oil painting portrait, visible brush strokes, rembrandt lighting, museum quality',
    colors: ['#78350f', '#fcd34d'],
    tokenCost: 50,
    isNsfw: false,
  },
  {
    slug: 'fantasy-hero',
    name: 'Fantasy Hero',
    description: 'Epic armour, magic light and a dramatic sky',
    prompt: 'epic fantasy hero, ornate armour, glowing magic, dramatic sky, concept art',
    colors: ['#4c1d95', '#f472b6'],
    tokenCost: 60,
    isNsfw: false,
  },
  {
    slug: 'cyberpunk-night',
    name: 'Cyberpunk Night',
    description: 'Neon-lit streets and rain reflections',
    prompt: 'cyberpunk city at night, neon lights, rain reflections, cinematic',
    colors: ['#0e7490', '#e879f9'],
    tokenCost: 50,
    isNsfw: false,
  },
  {
    slug: 'anime',
    name: 'Anime',
    description: 'Clean line art and bright cel shading',
    prompt: 'anime style portrait, clean line art, cel shading, vibrant colours',
    colors: ['#1d4ed8', '#fda4af'],
    tokenCost: 40,
    isNsfw: false,
  },
  {
    slug: 'vintage-film',
    name: 'Vintage Film',
    description: '1970s film grain and warm tones',
    prompt: 'vintage 35mm film photo, 1970s, film grain, warm faded tones',
    colors: ['#9a3412', '#fde68a'],
    tokenCost: 40,
    isNsfw: false,
  },
  {
    slug: 'boudoir',
    name: 'Boudoir',
    description: 'Intimate, tasteful adult portraiture',
    prompt: 'boudoir photography, soft window light, intimate, tasteful',
    colors: ['#831843', '#fecdd3'],
    tokenCost: 80,
    isNsfw: true,
  },
];

const PACKAGES = [
  { name: 'Starter', tokenAmount: 500, priceInCents: 499, isDiscounted: false, sortOrder: 0 },
  { name: 'Creator', tokenAmount: 1200, priceInCents: 999, isDiscounted: false, sortOrder: 1 },
  { name: 'Studio', tokenAmount: 3000, priceInCents: 1999, isDiscounted: true, sortOrder: 2 },
];

// Photo packs (decision 038): a style named here is looked up by name; sizes default to the pack size.
// No cover: the offline engine draws each pack's sample pictures when it is first listed (decision 064).
const PACKS: {
  name: string;
  description: string;
  discountPrice: number | null;
  prompts: { prompt: string; style?: string; width?: number; height?: number }[];
}[] = [
  {
    name: 'Business Headshots',
    description: 'Eight polished portraits for your profile, CV and company page',
    discountPrice: 250,
    prompts: [
      { prompt: 'corporate headshot, navy suit, neutral grey backdrop', style: 'Professional Headshot' },
      { prompt: 'headshot in a bright modern office, soft window light', style: 'Professional Headshot' },
      { prompt: 'friendly smile, white shirt, clean white background', style: 'Professional Headshot' },
      { prompt: 'confident portrait, arms crossed, dark studio backdrop', style: 'Professional Headshot' },
      { prompt: 'business casual portrait outdoors, city street, shallow depth of field' },
      { prompt: 'portrait at a standing desk, laptop, warm afternoon light' },
      { prompt: 'speaker on a conference stage, spotlight, audience blurred' },
      { prompt: 'black and white executive portrait, dramatic side light' },
    ],
  },
  {
    name: 'Travel',
    description: 'Postcards of you around the world, from Paris to Patagonia',
    discountPrice: null,
    prompts: [
      { prompt: 'standing in front of the Eiffel Tower at golden hour' },
      { prompt: 'hiking in Patagonia, snowy peaks behind, windswept' },
      { prompt: 'on a gondola in Venice, canal and old palaces' },
      { prompt: 'walking through a Kyoto bamboo forest, morning mist' },
      { prompt: 'on a tropical beach at sunset, palm trees' },
      { prompt: 'in a busy Marrakech market, colourful lanterns' },
      { prompt: 'in Times Square at night, neon signs' },
      { prompt: 'by a Norwegian fjord, aurora in the sky' },
    ],
  },
  {
    name: 'Fantasy',
    description: 'Knights, mages and dragons: you as the hero of an epic tale',
    discountPrice: null,
    prompts: [
      { prompt: 'as a knight in shining armour, castle behind', style: 'Fantasy Hero' },
      { prompt: 'as a mage casting a glowing spell, ancient library', style: 'Fantasy Hero' },
      { prompt: 'as an elven ranger in an enchanted forest' },
      { prompt: 'riding a dragon above the clouds', style: 'Fantasy Hero' },
      { prompt: 'as a pirate captain on a stormy sea' },
      { prompt: 'as a royal on a throne, candle-lit hall' },
      { prompt: 'as a dwarf smith at a glowing forge' },
      { prompt: 'as a space explorer on an alien planet', style: 'Fantasy Hero' },
    ],
  },
];

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function stylePreview(name: string, [from, to]: string[]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="512" height="512" fill="url(#g)"/>
    <circle cx="256" cy="210" r="92" fill="rgba(255,255,255,0.28)"/>
    <rect x="126" y="318" width="260" height="150" rx="110" fill="rgba(255,255,255,0.22)"/>
    <text x="256" y="490" font-family="sans-serif" font-size="34" font-weight="700" text-anchor="middle" fill="white">${escape(name)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

// First start only: each catalogue is filled when it is empty. The advisory lock keeps two starting
// instances from seeding twice.
export async function seedCatalog(db: Db, storage: Storage) {
  const needStyles = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    if ((await tx.select({ id: baseModels.id }).from(baseModels).limit(1)).length === 0) {
      await tx.insert(baseModels).values(BASE_MODELS);
    }
    if ((await tx.select({ id: tokenPackages.id }).from(tokenPackages).limit(1)).length === 0) {
      await tx.insert(tokenPackages).values(PACKAGES);
    }
    if ((await tx.select({ id: presetStyles.id }).from(presetStyles).limit(1)).length === 0) {
      await tx.insert(presetStyles).values(
        STYLES.map((s) => ({
          name: s.name,
          description: s.description,
          prompt: s.prompt,
          tokenCost: s.tokenCost,
          isNsfw: s.isNsfw,
          previewImageUrl: stylePreviewKey(s.slug),
        })),
      );
      return true;
    }
    return false;
  });
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    if ((await tx.select({ id: packs.id }).from(packs).limit(1)).length > 0) return;
    const styleIds = new Map(
      (await tx.select({ id: presetStyles.id, name: presetStyles.name }).from(presetStyles)).map((r) => [
        r.name,
        r.id,
      ]),
    );
    for (const p of PACKS) {
      const [row] = await tx
        .insert(packs)
        .values({
          name: p.name,
          description: p.description,
          priceMode: p.discountPrice ? 'discounted' : 'sum',
          discountPrice: p.discountPrice,
        })
        .returning({ id: packs.id });
      await tx.insert(packPrompts).values(
        p.prompts.map((q, position) => ({
          packId: row.id,
          position,
          prompt: q.prompt,
          styleId: (q.style && styleIds.get(q.style)) || null,
          width: q.width ?? null,
          height: q.height ?? null,
        })),
      );
    }
  });
  if (needStyles) {
    for (const s of STYLES)
      await storage.put(stylePreviewKey(s.slug), await stylePreview(s.name, s.colors), 'image/webp');
  }
}
