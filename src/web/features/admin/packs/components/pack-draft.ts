import type { AdminPack, PackInput } from '@shared/schemas/packs';
import type { PromptDraft } from './prompt-list-editor';

/** The form's copy of a pack (a new one starts with four empty prompts); selects hold strings. */
export function draftOf(pack: AdminPack | null) {
  return {
    name: pack?.name ?? '',
    description: pack?.description ?? '',
    coverUrl: pack?.coverUrl ?? '',
    priceMode: pack?.priceMode ?? ('sum' as const),
    discountPrice: pack?.discountPrice ? String(pack.discountPrice) : '',
    isActive: pack?.isActive ?? true,
    prompts: (pack?.prompts ?? Array.from({ length: 4 }, () => null)).map((p): PromptDraft => ({
      prompt: p?.prompt ?? '',
      styleId: p?.styleId ?? 'none',
      size: p?.width && p.height ? `${p.width}x${p.height}` : 'default',
    })),
  };
}

/** What the form holds, as the server reads it: "none" and "default" choices become nulls. */
export function bodyOf(d: ReturnType<typeof draftOf>): PackInput {
  return {
    name: d.name,
    description: d.description,
    coverUrl: d.coverUrl || null,
    priceMode: d.priceMode,
    discountPrice:
      d.priceMode === 'discounted' ? (d.discountPrice.trim() === '' ? null : Number(d.discountPrice)) : null,
    isActive: d.isActive,
    prompts: d.prompts.map((p) => {
      const [w, h] = p.size === 'default' ? [null, null] : p.size.split('x').map(Number);
      return { prompt: p.prompt, styleId: p.styleId === 'none' ? null : p.styleId, width: w, height: h };
    }),
  };
}
