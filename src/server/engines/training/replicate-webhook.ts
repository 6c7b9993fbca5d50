import { createHmac, timingSafeEqual } from 'node:crypto';

/** Replicate (Standard Webhooks) signature check with a 5-minute tolerance (Standard Webhooks, as replicate-javascript validateWebhook checks it; plus an age limit). */
export function verifyReplicateWebhook(
  rawBody: string,
  header: (name: string) => string | undefined,
  signingSecret: string,
  toleranceSec = 300,
  nowMs = Date.now(),
): boolean {
  const id = header('webhook-id');
  const ts = header('webhook-timestamp');
  const sigs = header('webhook-signature');
  if (!id || !ts || !sigs || !/^\d+$/.test(ts)) return false;
  if (Math.abs(nowMs / 1000 - Number(ts)) > toleranceSec) return false;
  const key = Buffer.from(signingSecret.split('_').pop()!, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${ts}.${rawBody}`).digest();
  return sigs.split(' ').some((entry) => {
    const b64 = entry.split(',')[1];
    if (!b64) return false;
    const given = Buffer.from(b64, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export function signReplicateWebhook(rawBody: string, id: string, ts: number, signingSecret: string) {
  const key = Buffer.from(signingSecret.split('_').pop()!, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${ts}.${rawBody}`).digest('base64')}`;
}
