// Tracing across processes (docs/decisions/063-tracing.md): a web and a worker process on PostgreSQL,
// both exporting to a local OTLP receiver this test starts. A generation's spans — the click's request
// in the web process, the job run and the engine call in the worker — must form one trace, each a
// descendant of the one before. Runs only with TEST_DATABASE_URL (`node scripts/test.mjs --only=scale`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../src/server/test/until';
import { freshDatabase, startCluster, type Cluster } from './cluster';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otlp-receiver';
import { SimClient } from './sim-client';

const databaseUrl = process.env.TEST_DATABASE_URL;

let cluster: Cluster;
let db: { url: string; drop: () => Promise<void> };
let receiver: OtlpReceiver;

/** The chain of spans from `span` up to its trace's root, as the receiver holds them. */
function ancestry(spans: ReceivedSpan[], span: ReceivedSpan): ReceivedSpan[] {
  const chain = [span];
  for (let s = span; s.parentSpanId;) {
    const parent = spans.find((p) => p.traceId === s.traceId && p.spanId === s.parentSpanId);
    if (!parent) break;
    chain.push(parent);
    s = parent;
  }
  return chain;
}

describe.skipIf(!databaseUrl)(
  'tracing: a generation in one trace, from the web process to the worker',
  () => {
    beforeAll(async () => {
      receiver = await startOtlpReceiver();
      db = await freshDatabase(databaseUrl!, 'trace');
      cluster = await startCluster({
        databaseUrl: db.url,
        web: 1,
        workers: 1,
        storage: 'disk',
        env: {
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
          // the receiver reads OTLP's JSON encoding (the default is protobuf, also over HTTP)
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
          // batches leave within 100 ms instead of 5 s
          OTEL_BSP_SCHEDULE_DELAY: '100',
        },
      });
    }, 240_000);

    afterAll(async () => {
      await cluster?.stop();
      await db?.drop();
      await receiver?.close();
    }, 120_000);

    it("joins the click's request, the worker's job and the engine call into one trace", async () => {
      const user = new SimClient(cluster.proxy.url, 'tracer', '10.30.0.1', []);
      const username = `trace_${Date.now().toString(36)}`;
      const signUp = await user.post('/api/auth/register', {
        username,
        email: `${username}@example.com`,
        password: 'Harbor-Lamp-42',
      });
      expect(signUp.status).toBe(201);
      const bases = (await user.get('/api/base-models')).body as { id: string }[];
      const click = await user.post('/api/generate-image', {
        prompt: 'a lighthouse at dusk',
        baseModelId: bases[0].id,
        count: 1,
        width: 512,
        height: 512,
      });
      expect([200, 202]).toContain(click.status);

      // each process exports its spans on its own schedule, and a parent ends (and leaves) after its
      // children: wait until the engine call's chain of parents reaches the root of its trace
      const spans = receiver.spans;
      const chain = await until(
        () => {
          const engineCall = spans.find(
            (s) => s.name === 'images.render' && s.resource['lora.role'] === 'worker',
          );
          const up = engineCall && ancestry(spans, engineCall);
          return up && up.at(-1)!.parentSpanId === '' ? up : null;
        },
        'the images.render span of the worker and its parents up to the root',
        60_000,
      );

      // engine call → job run (worker) → … → the click's request (web), which starts the trace
      const [engineCall, job] = chain;
      const request = chain.at(-1)!;
      expect(engineCall.attributes['lora.engine.name']).toBe('offline');
      expect(job.name).toBe('job generation.render');
      expect(job.resource['lora.role']).toBe('worker');
      expect(job.attributes['lora.job.name']).toBe('generation.render');
      expect(request.name).toBe('POST /api/generate-image');
      expect(request.resource['lora.role']).toBe('web');
      // the job's parent is a span of the web process: the trace crossed processes through the jobs table
      const enqueuer = chain[2];
      expect(enqueuer.resource['lora.role']).toBe('web');
      expect(enqueuer.resource['process.pid']).not.toBe(job.resource['process.pid']);
      expect(new Set(chain.map((s) => s.traceId))).toEqual(new Set([request.traceId]));
      expect(request.attributes['http.response.status_code']).toBe(click.status);

      // the database time of each: its queries are spans under the request and under the job run
      const under = (root: ReceivedSpan, test: (s: ReceivedSpan) => boolean) =>
        spans.some((s) => s.name.startsWith('db ') && test(s) && ancestry(spans, s).includes(root));
      expect(
        under(request, (s) => String(s.attributes['db.query.text']).startsWith('insert into "jobs"')),
      ).toBe(true);
      expect(
        under(job, (s) => String(s.attributes['db.query.text']).startsWith('update "generations"')),
      ).toBe(true);
      expect(job.attributes['lora.job.outcome']).toBe('done');
    });
  },
);
