import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Client, Harness } from './harness';
import { until } from './until';
import { makePhoto, multipartBody } from './photo-fixtures';
import { applyLedgerEntry } from '../modules/tokens/ledger.service';

export async function grantTokens(h: Harness, userId: string, amount: number) {
  await h.deps.db.transaction((tx) =>
    applyLedgerEntry(tx, {
      userId,
      type: 'admin_adjustment',
      amount,
      idempotencyKey: `admin:${randomUUID()}`,
      description: 'test grant',
    }),
  );
}

export async function modelWithPhotos(c: Client, count = 6, seed = 0) {
  const res = await c.post('/api/models', { name: `Model ${seed}`, description: '', subjectConsent: true });
  const model = res.json() as { id: string };
  const photos = await Promise.all(
    Array.from({ length: count }, (_, i) => makePhoto(seed + i, { size: 256 })),
  );
  const { body, contentType } = multipartBody(photos.map((data, i) => ({ name: `p${i}.jpg`, data })));
  const up = await c.inject({
    method: 'POST',
    url: `/api/models/${model.id}/images`,
    payload: body,
    headers: { 'content-type': contentType },
  });
  expect(up.statusCode).toBe(201);
  return model.id;
}

export async function waitForStatus(c: Client, modelId: string, statuses: string[], timeoutMs = 20_000) {
  let last: any;
  return until(
    async () => {
      last = (await c.get(`/api/models/${modelId}`)).json();
      return statuses.includes(last.status) ? last : undefined;
    },
    () => `the model to be ${statuses.join('|')} (it stayed ${last?.status})`,
    timeoutMs,
    100,
  );
}
