/** The likeness line (decision 022): "Looks like you: 82". No score (no face, no personal model) shows nothing. */
export function likenessText(likeness: number | null | undefined, ownerName?: string | null): string | null {
  if (typeof likeness !== 'number') return null;
  // someone else's image (an admin's view): the score is about its owner, not the viewer
  return ownerName ? `Looks like ${ownerName}: ${likeness}` : `Looks like you: ${likeness}`;
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
