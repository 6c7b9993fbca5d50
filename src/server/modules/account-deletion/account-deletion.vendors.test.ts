import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplicateDouble, type ReplicateDouble } from '../../../../tests/vendors/replicate-double';
import { createRunwareDouble, type RunwareDouble } from '../../../../tests/vendors/runware-double';
import { jobs, models } from '../../db/schema/index';
import { REPLICATE_DESTINATION } from '../../engines/training/replicate';
import { RUNWARE_NO_MODEL_REMOVAL } from '../../engines/hosting/runware';
import { createHarness, type Harness } from '../../test/harness';
import { loraWeightsKey } from '../../storage/keys';
import { JOB_ACCOUNT_DELETE } from './account-deletion.job';

// The vendors' copies of a deleted account (issue 22, item 4), against the strict contract doubles:
// Replicate is asked to delete each model version still there (its documented versions.delete), and
// Runware, whose API has no call that removes an uploaded model, is sent nothing at all.
let h: Harness;
let rep: ReplicateDouble;
let rw: RunwareDouble;
beforeAll(async () => {
  rep = await startReplicateDouble();
  rw = await createRunwareDouble({ apiKey: 'rw-test', airSources: ['acme'] });
  h = await createHarness({
    REPLICATE_API_TOKEN: rep.token,
    REPLICATE_API_URL: rep.url,
    RUNWARE_API_KEY: 'rw-test',
    RUNWARE_API_URL: rw.url,
    RUNWARE_AIR_SOURCE: 'acme',
  });
});
afterAll(async () => {
  await h?.close();
  await rep?.close();
  await rw?.close();
});

describe('deleting an account with vendor copies', () => {
  it('removes the Replicate versions it can and records that Runware offers no removal', async () => {
    const c = h.client();
    const u = await c.register(`vend_${randomUUID().slice(0, 8)}`, 'Harbor-Lamp-42');
    const destination = `${rep.username}/${REPLICATE_DESTINATION}`;
    // one version still at Replicate (never released), one already deleted after its weights were copied
    rep.models.set(destination, {
      owner: rep.username,
      name: REPLICATE_DESTINATION,
      visibility: 'private',
      hardware: 'gpu-t4',
      description: null,
      versions: [{ id: 'kept-version', created_at: new Date().toISOString() }],
    });
    const rows = [];
    for (const version of ['kept-version', 'released-version']) {
      const id = randomUUID();
      const weightsKey = loraWeightsKey(u.id, id);
      await h.deps.storage.put(weightsKey, Buffer.from('weights'), 'application/octet-stream');
      rows.push({
        id,
        userId: u.id,
        name: `Vendor ${version}`,
        triggerWord: 'zxqperson',
        status: 'ready' as const,
        trainingProvider: 'replicate',
        hostingProvider: 'runware',
        replicateModelId: destination,
        trainingVersion: `${destination}:${version}`,
        weightsKey,
        runwareAirName: `acme:${100 + rows.length}@1`,
      });
    }
    await h.deps.db.insert(models).values(rows);
    const runwareCallsBefore = rw.received.length;

    const res = await c.inject({
      method: 'DELETE',
      url: '/api/user/account',
      payload: { password: 'Harbor-Lamp-42' },
    });
    expect(res.statusCode).toBe(202);
    const [job] = (await h.deps.db.select().from(jobs).where(eq(jobs.name, JOB_ACCOUNT_DELETE))).filter(
      (j) => (j.payload as { userId: string }).userId === u.id,
    );
    const done = await h.deps.queue.waitFor(job.id, 20_000);
    expect(done?.status).toBe('done');

    // Replicate: both versions asked for once; the one that existed is gone
    const deletes = rep.requests.filter((r) => r.method === 'DELETE').map((r) => r.path);
    expect(deletes.sort()).toEqual(
      [
        `/v1/models/${destination}/versions/kept-version`,
        `/v1/models/${destination}/versions/released-version`,
      ].sort(),
    );
    expect(rep.removedVersions).toEqual([`${destination}:kept-version`]);
    expect(rep.models.get(destination)?.versions).toEqual([]);
    rep.assertNoViolations();

    // Runware: nothing sent (no removal call exists), and the job's result says so per model
    expect(rw.received.length).toBe(runwareCallsBefore);
    rw.assertNoViolations();
    const result = done?.result as { vendors: { vendor: string; notOffered?: string }[] };
    const runware = result.vendors.filter((v) => v.vendor === 'Runware');
    expect(runware).toHaveLength(2);
    expect(runware.every((v) => v.notOffered === RUNWARE_NO_MODEL_REMOVAL)).toBe(true);
    expect(await h.deps.db.select().from(models).where(eq(models.userId, u.id))).toEqual([]);
  });
});
