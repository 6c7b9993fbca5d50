// Training progress from vendor-style tqdm logs (docs/vendors/providers.md A.8), shared by the server and the screens.

const BAR_RE = /(\d{1,3})%\|[^|\r\n]*\|\s*(\d+)\/(\d+)/g;

/** The last training bar's percentage in the logs' tail, or null. `steps` filters out loader bars. */
export function progressFromLogs(logs: string | null | undefined, steps?: number): number | null {
  if (!logs) return null;
  const tail = logs.slice(-16_384);
  let last: number | null = null;
  for (const m of tail.matchAll(BAR_RE)) {
    const current = Number(m[2]);
    const total = Number(m[3]);
    if (!total || (steps !== undefined && total !== steps)) continue;
    // prefer the training bar: the one with the most steps seen so far
    last = Math.min(100, Math.round((current / total) * 100));
  }
  return last;
}

/** The spec's fallback: elapsed time over 30 minutes, capped at 99. */
export function estimatedProgress(startedAt: string | Date | null | undefined, now = Date.now()): number {
  if (!startedAt) return 0;
  const start = new Date(startedAt).getTime();
  if (Number.isNaN(start)) return 0;
  return Math.max(0, Math.min(99, Math.floor(((now - start) / (30 * 60_000)) * 100)));
}

/** The last `n` non-empty log lines (tqdm refreshes with \r, so split on both). */
export function lastLogLines(logs: string | null | undefined, n: number): string[] {
  if (!logs) return [];
  return logs
    .slice(-16_384)
    .split(/\r|\n/)
    .map((l) => l.trimEnd())
    .filter((l) => l.trim().length > 0)
    .slice(-n);
}
