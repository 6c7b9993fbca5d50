import {
  DIMENSION_STEP,
  MAX_DIMENSION,
  MAX_IMAGE_COUNT,
  MIN_DIMENSION,
  MIN_IMAGE_COUNT,
} from '@shared/constants';

export type SizeKey = '1:1' | '9:16' | '16:9' | 'custom';

/**
 * Spec part 2 §9 presets: normal and HD dimensions. The spec calls the tall and wide ones 3:4 and
 * 4:3, but their sizes (576×1024, 1152×2048) are 9:16 and 16:9, and the labels say the true ratio
 * (docs/decisions/060-size-labels-by-true-ratio.md).
 */
export const SIZE_PRESETS: Record<
  Exclude<SizeKey, 'custom'>,
  { label: string; normal: [number, number]; hd: [number, number] }
> = {
  '1:1': { label: 'Square', normal: [512, 512], hd: [1024, 1024] },
  '9:16': { label: 'Portrait 9:16', normal: [576, 1024], hd: [1152, 2048] },
  '16:9': { label: 'Landscape 16:9', normal: [1024, 576], hd: [2048, 1152] },
};

export type GeneratorForm = {
  prompt: string;
  baseModelId: string;
  modelId: string | null;
  styleId: string | null;
  count: number;
  width: number;
  height: number;
  /** text, as typed; sent as an integer only when useSeed is on */
  seed: string;
  useSeed: boolean;
  loraStrength: number;
  hdEnabled: boolean;
};

export type GeneratedCard = {
  key: string;
  status: 'generating' | 'completed' | 'failed';
  progress: number;
  id?: string;
  imageUrl?: string;
  thumbnailUrl?: string;
  isNSFW?: boolean;
  prompt: string;
  width: number;
  height: number;
  createdAt: string;
  tokensUsed?: number;
  baseModelName?: string | null;
  modelName?: string | null;
  styleName?: string | null;
  negativePrompt?: string;
};

export const randomSeed = () => String(Math.floor(Math.random() * 1_000_000));

/** docs/product/decisions.md §10: Square with HD on (1024×1024), 4 images. */
export function defaultForm(): GeneratorForm {
  return {
    prompt: '',
    baseModelId: '',
    modelId: null,
    styleId: null,
    count: 4,
    width: 1024,
    height: 1024,
    seed: randomSeed(),
    useSeed: false,
    loraStrength: 1,
    hdEnabled: true,
  };
}
export const DEFAULT_SIZE: SizeKey = '1:1';

/** The size a browser remembered, under its key of before decision 060 too. */
export function storedSize(stored: string | null): SizeKey {
  if (stored === '3:4') return '9:16';
  if (stored === '4:3') return '16:9';
  return stored === 'custom' || (stored !== null && stored in SIZE_PRESETS)
    ? (stored as SizeKey)
    : DEFAULT_SIZE;
}

/** Spec part 2 §5: round to the nearest 64, clamp to 128–2048. */
export function normalizeDimension(value: number): number {
  if (!Number.isFinite(value)) return 512;
  const rounded = Math.round(value / DIMENSION_STEP) * DIMENSION_STEP;
  return Math.min(MAX_DIMENSION, Math.max(MIN_DIMENSION, rounded));
}

export function clampCount(value: number): number {
  if (!Number.isFinite(value)) return MIN_IMAGE_COUNT;
  return Math.min(MAX_IMAGE_COUNT, Math.max(MIN_IMAGE_COUNT, Math.round(value)));
}

/** Dimensions after choosing a size or flipping HD; custom sizes double or halve. */
export function dimensionsFor(
  size: SizeKey,
  hd: boolean,
  current: { width: number; height: number },
  hdChanged: boolean,
): [number, number] {
  if (size !== 'custom') return hd ? SIZE_PRESETS[size].hd : SIZE_PRESETS[size].normal;
  if (!hdChanged) return [current.width, current.height];
  const f = hd ? 2 : 0.5;
  return [normalizeDimension(current.width * f), normalizeDimension(current.height * f)];
}

// Spec part 1 §9: stored keys are suffixed with the user id; part 1 §4: cleared when the user changes.
export const STORAGE_KEYS = ['generatorFormData', 'generatedImages', 'selectedSize', 'hdEnabled'] as const;
export type StorageKey = (typeof STORAGE_KEYS)[number];
export const storageKey = (key: StorageKey, userId: string) => `${key}_${userId}`;

export function readStored<T>(key: StorageKey, userId: string): T | null {
  try {
    const raw = localStorage.getItem(storageKey(key, userId));
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, userId: string, value: unknown) {
  try {
    localStorage.setItem(storageKey(key, userId), JSON.stringify(value));
  } catch {
    // full or unavailable storage: the form still works, it is just not remembered
  }
}

/** Another user's generator data never survives a change of user. */
export function clearOtherUsers(userId: string) {
  try {
    const doomed: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k && STORAGE_KEYS.some((p) => k.startsWith(`${p}_`)) && !k.endsWith(`_${userId}`)) doomed.push(k);
    }
    for (const k of doomed) localStorage.removeItem(k);
  } catch {
    // nothing stored
  }
}

/** Statuses on the way to ready by themselves: the model is usable once its training and hosting finish. */
const ON_THE_WAY = new Set(['training', 'training_complete', 'processing']);
export const isOnTheWay = (status: string | undefined) => status !== undefined && ON_THE_WAY.has(status);
/** Not trained yet: usable once someone starts (and finishes) its training. */
const NOT_TRAINED = new Set(['pending', 'uploaded']);

export type Wish =
  | { state: 'waiting' }
  | { state: 'apply'; id: string }
  | { state: 'not-ready'; name: string; status: string }
  | { state: 'unusable'; name: string }
  | { state: 'missing' };

/**
 * What a model or style asked for in the URL amounts to, given the list as it stands. A list that is
 * being read again (`fresh` false) never decides "missing": the entry may be in the answer on its way.
 */
export function resolveWish(
  wanted: string,
  list: { id: string; name: string; status?: string }[] | undefined,
  fresh: boolean,
): Wish {
  if (!list) return { state: 'waiting' };
  const item = list.find((m) => m.id === wanted);
  if (!item) return fresh ? { state: 'missing' } : { state: 'waiting' };
  if (item.status === undefined || item.status === 'ready') return { state: 'apply', id: item.id };
  if (isOnTheWay(item.status) || NOT_TRAINED.has(item.status))
    return fresh ? { state: 'not-ready', name: item.name, status: item.status } : { state: 'waiting' };
  return fresh ? { state: 'unusable', name: item.name } : { state: 'waiting' };
}
