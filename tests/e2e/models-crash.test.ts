import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server';
import { until } from '../../src/server/test/until';
import { apiClient, grantTokensOffline, ledgerMismatchesOffline } from './models-support';

// SIGKILL the server while a model trains and while it is being hosted: after a restart the
// pipeline resumes by itself and ends ready (or failed with a refund) — nothing stuck, no token lost.
// On PGlite even in CI, where the other specs' servers run on PostgreSQL: the quick start's database
// must come back from a SIGKILL too (the kill tests of tests/scale/ crash processes on PostgreSQL).
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ OFFLINE_TRAIN_SECONDS: '5', OFFLINE_HOST_SECONDS: '4' }, { pglite: true });
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

describe('model pipeline survives SIGKILL', () => {
  it('resumes training and hosting after a crash', async () => {
    const api = apiClient(server.url);
    const user = await api.register(`crash_${Date.now().toString(36)}`);
    const a = await api.modelWithPhotos('Crash during training', 5, 500);
    const b = await api.modelWithPhotos('Crash during hosting', 5, 600);
    await grantTokensOffline(server, user.username, 300);

    expect((await api.post(`/api/models/${a}/train`)).status).toBe(200);
    // killed once the trainer reports progress: mid-training, not before it began
    const mid = await until(
      async () => {
        const st = (await api.get(`/api/models/${a}/training-status`)).json;
        return st.model.status !== 'training' || st.progress !== null ? st : null;
      },
      'the training to report progress',
      30_000,
      100,
    );
    expect(mid.model.status).toBe('training');
    await server.kill();
    await server.restart();
    const readyA = await api.waitFor(a, ['ready', 'failed']);
    expect(readyA.status).toBe('ready');
    expect(readyA.runwareAirName).toBe(`offline:${a}@1`);

    expect((await api.post(`/api/models/${b}/train`)).status).toBe(200);
    await api.waitFor(b, ['processing'], 30_000);
    await server.kill();
    await server.restart();
    const readyB = await api.waitFor(b, ['ready', 'failed']);
    expect(readyB.status).toBe('ready');

    const me = (await api.get('/api/auth/user')).json.user;
    expect(me.tokenBalance).toBe(50);
    expect(await ledgerMismatchesOffline(server)).toEqual([]);
  }, 240_000);
});
