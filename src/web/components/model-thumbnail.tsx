import { initials } from '@web/lib/format';

/** A model's preview image, or the first two letters of its name (docs/product/spec-part-1.md §2: dashboard and My Models). */
export function ModelThumbnail({
  name,
  previewImageUrl,
}: {
  name: string;
  previewImageUrl: string | null | undefined;
}) {
  return (
    <div className="aspect-[4/3] w-full bg-muted">
      {previewImageUrl ? (
        <img src={previewImageUrl} alt="" loading="lazy" className="size-full object-cover" />
      ) : (
        <div
          aria-hidden="true"
          className="flex size-full items-center justify-center bg-gradient-to-br from-primary/25 to-accent/25 text-4xl font-bold text-primary-text"
        >
          {initials(name)}
        </div>
      )}
    </div>
  );
}
