/** Longest prompt text that goes into a control's name; screen readers read names whole. */
export const IMAGE_LABEL_MAX = 60;

/**
 * A short name for an image from its prompt: a gallery button named with a 3,000-character prompt
 * was read out whole on every focus. Cut at a word boundary with an ellipsis.
 */
export function imageLabel(prompt: string | null | undefined, fallback = 'generated image'): string {
  const text = (prompt ?? '').replace(/\s+/g, ' ').trim();
  if (!text) return fallback;
  if (text.length <= IMAGE_LABEL_MAX) return text;
  const cut = text.slice(0, IMAGE_LABEL_MAX);
  const space = cut.lastIndexOf(' ');
  return `${(space > IMAGE_LABEL_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
