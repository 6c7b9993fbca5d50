/**
 * Whether a buffer is a whole safetensors file: an 8-byte little-endian header length, a JSON
 * header, then the tensor bytes the header's offsets cover. A file cut short (a run killed while
 * saving) fails, so it is never stored as a model's weights.
 */
export function isCompleteSafetensors(buf: Buffer): boolean {
  if (buf.length < 8) return false;
  const headerLength = buf.readBigUInt64LE(0);
  if (headerLength < 2n || headerLength > BigInt(buf.length - 8)) return false;
  const n = Number(headerLength);
  let header: unknown;
  try {
    header = JSON.parse(buf.subarray(8, 8 + n).toString('utf8'));
  } catch {
    return false;
  }
  if (!header || typeof header !== 'object' || Array.isArray(header)) return false;
  let end = 0;
  let tensors = 0;
  for (const [name, info] of Object.entries(header as Record<string, unknown>)) {
    if (name === '__metadata__') continue;
    const offsets = (info as { data_offsets?: unknown })?.data_offsets;
    if (!Array.isArray(offsets) || offsets.length !== 2) return false;
    const [from, to] = offsets as number[];
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from) return false;
    end = Math.max(end, to);
    tensors++;
  }
  return tensors > 0 && buf.length - 8 - n === end;
}
