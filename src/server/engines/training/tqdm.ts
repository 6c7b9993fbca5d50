// Renders a tqdm progress line in the format Replicate's flux trainer prints (docs/vendors/providers.md A.8).

const PARTIAL = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

function clock(seconds: number) {
  const s = Math.max(0, Math.round(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

export function tqdmLine(prefix: string, current: number, total: number, elapsedSec: number): string {
  const ratio = total > 0 ? Math.min(1, current / total) : 0;
  const pct = Math.floor(ratio * 100);
  const width = 10;
  const filled = ratio * width;
  const full = Math.floor(filled);
  let bar = '█'.repeat(full);
  if (full < width) bar += PARTIAL[Math.floor((filled - full) * 8)] ?? '';
  bar = bar.padEnd(width, ' ');
  const rate = elapsedSec > 0 ? current / elapsedSec : 0;
  const remaining = rate > 0 ? (total - current) / rate : 0;
  return `${prefix}: ${String(pct).padStart(3, ' ')}%|${bar}| ${current}/${total} [${clock(elapsedSec)}<${clock(remaining)}, ${rate.toFixed(1)}it/s]`;
}
