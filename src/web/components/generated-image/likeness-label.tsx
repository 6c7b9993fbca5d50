/** The likeness line (decision 022): "Looks like you: 82". No score (no face, no personal model) shows nothing. */
export function likenessText(likeness: number | null | undefined): string | null {
  return typeof likeness === 'number' ? `Looks like you: ${likeness}` : null;
}

export function LikenessLabel({ likeness, className }: { likeness?: number | null; className?: string }) {
  const text = likenessText(likeness);
  if (!text) return null;
  return (
    <p
      className={className}
      data-testid="likeness"
      title="How much the face looks like your model's photos (0–100)"
    >
      {text}
    </p>
  );
}
