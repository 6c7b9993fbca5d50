// Stored files are served by GET /files/<key> with an access check; absolute URLs pass through.
export function fileUrl(key: string | null | undefined): string | null {
  if (!key) return null;
  if (/^https?:\/\//.test(key)) return key;
  return `/files/${key}`;
}
