// Generation and gallery numbers: gallery page latency with a large table, offline render time.
import { sql } from 'drizzle-orm';
import { createOfflineImageEngine } from '../src/server/engines/images/offline';
import type { RenderRequest } from '../src/server/engines/images/images';
import { createHarness, type Client, type Harness } from '../src/server/test/harness';

const BIG_USER_IMAGES = 100_000;
const SMALL_USER_IMAGES = 1_000;
const TOTAL_IMAGES = 1_000_000;
const FILLER_USERS = 18;

function percentile(values: number[], p: number) {
  const s = [...values].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] * 100) / 100;
}

/** Bulk rows straight in SQL (generate_series), newest first by a millisecond-spaced clock. */
async function insertImages(
  h: Harness,
  userId: string,
  baseModelId: string,
  styleId: string,
  n: number,
  offset: number,
) {
  const chunk = 100_000;
  for (let from = 1; from <= n; from += chunk) {
    const to = Math.min(n, from + chunk - 1);
    await h.deps.db.execute(sql`
      insert into generated_images (user_id, base_model_id, style_id, prompt, width, height, seed, tokens_used, is_nsfw, storage_key, thumb_key, created_at)
      select ${userId}::uuid, ${baseModelId}::uuid,
        case when g % 3 = 0 then ${styleId}::uuid else null end,
        'a portrait number ' || g || case when g % 10 = 0 then ' at sunset' else ' in a studio' end,
        case when g % 4 = 0 then 1024 else 512 end, 512, g, 15, g % 50 = 0,
        'u/' || ${userId} || '/images/' || g || '.jpg', 'u/' || ${userId} || '/images/' || g || '.thumb.webp',
        date_trunc('milliseconds', now()) - ((g + ${offset}) * interval '1 millisecond')
      from generate_series(${from}::int, ${to}::int) g`);
  }
}

async function timeRequests(c: Client, urls: () => string, n: number) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await c.get(urls());
    times.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** Cursor pages walked from the start: the latency of "scrolling" deep into a gallery. */
async function timeScroll(c: Client, query: string, pages: number) {
  const times: number[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < pages; i++) {
    const t = performance.now();
    const res = await c.get(`/api/generated-images?limit=24${query}${cursor ? `&cursor=${cursor}` : ''}`);
    times.push(performance.now() - t);
    cursor = res.json().nextCursor;
    if (!cursor) break;
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function renderTimes(): Promise<{ p50: number; p99: number; mean: number }> {
  const engine = createOfflineImageEngine();
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const req: RenderRequest = {
      taskId: 'bench',
      prompt: `a portrait at sunset number ${i}`,
      negativePrompt: '',
      width: 1024,
      height: 1024,
      count: 1,
      seed: i,
      baseModel: { id: 'b', name: 'FLUX.1 Dev', air: 'runware:101@1' },
      style:
        i % 2
          ? { id: 's', name: 'Anime', prompt: 'anime', negativePrompt: '', isNsfw: false, loras: [] }
          : null,
      personalModel: null,
    };
    const t = performance.now();
    await engine.render(req);
    times.push(performance.now() - t);
  }
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    mean: Math.round(times.reduce((a, b) => a + b, 0) / times.length),
  };
}

export async function run(): Promise<Record<string, number | string>> {
  const render = await renderTimes();
  const h = await createHarness({}, { startQueue: false });
  try {
    const base = (await h.deps.db.query.baseModels.findMany())[0];
    const style = (await h.deps.db.query.presetStyles.findMany())[0];
    const big = h.client();
    const bigUser = await big.register('bench_big');
    const small = h.client();
    const smallUser = await small.register('bench_small');

    const t0 = performance.now();
    await insertImages(h, smallUser.id, base.id, style.id, SMALL_USER_IMAGES, 0);
    const smallFirst = await timeRequests(small, () => '/api/generated-images?limit=24', 100);

    await insertImages(h, bigUser.id, base.id, style.id, BIG_USER_IMAGES, 0);
    const per = Math.floor((TOTAL_IMAGES - BIG_USER_IMAGES - SMALL_USER_IMAGES) / FILLER_USERS);
    for (let i = 0; i < FILLER_USERS; i++) {
      const filler = await h.client().register(`bench_filler_${i}`);
      await insertImages(
        h,
        filler.id,
        base.id,
        style.id,
        i === FILLER_USERS - 1 ? TOTAL_IMAGES - BIG_USER_IMAGES - SMALL_USER_IMAGES - per * i : per,
        i * 7,
      );
    }
    await h.deps.db.execute(sql`analyze generated_images`);
    const seedSeconds = Math.round((performance.now() - t0) / 100) / 10;
    const n = await (
      await h.admin()
    )
      .get('/api/admin/generated-images/count')
      .then((r) => r.json().count as number);

    const smallAtScale = await timeRequests(small, () => '/api/generated-images?limit=24', 100);
    const bigFirst = await timeRequests(big, () => '/api/generated-images?limit=24', 100);
    const bigScroll = await timeScroll(big, '', 100);
    const bigCustom = await timeRequests(big, () => '/api/generated-images?limit=24&styleId=custom', 50);
    const bigSearch = await timeRequests(big, () => '/api/generated-images?limit=24&search=sunset', 50);
    const bigRareSearch = await timeRequests(
      big,
      () => '/api/generated-images?limit=24&search=number%2099999%20',
      5,
    );
    const admin = await h.admin();
    const adminFirst = await timeRequests(admin, () => '/api/admin/generated-images?limit=24', 50);
    const adminHd = await timeRequests(
      admin,
      () => '/api/admin/generated-images?limit=24&size=hd&nsfw=safe',
      50,
    );
    const adminCount = await timeRequests(admin, () => '/api/admin/generated-images/count', 5);

    return {
      'offline render 1024x1024 p50 (ms)': render.p50,
      'offline render 1024x1024 p99 (ms)': render.p99,
      'offline render 1024x1024 mean (ms)': render.mean,
      'images in table': n,
      'seed time (s)': seedSeconds,
      'gallery page, 1k-image user, small table p50 (ms)': smallFirst.p50,
      'gallery page, 1k-image user, small table p99 (ms)': smallFirst.p99,
      'gallery page, 1k-image user, 1M table p50 (ms)': smallAtScale.p50,
      'gallery page, 1k-image user, 1M table p99 (ms)': smallAtScale.p99,
      'gallery page, 100k-image user p50 (ms)': bigFirst.p50,
      'gallery page, 100k-image user p99 (ms)': bigFirst.p99,
      'gallery scroll 100 pages deep, 100k user p50 (ms)': bigScroll.p50,
      'gallery scroll 100 pages deep, 100k user p99 (ms)': bigScroll.p99,
      'gallery styleId=custom, 100k user p50 (ms)': bigCustom.p50,
      'gallery styleId=custom, 100k user p99 (ms)': bigCustom.p99,
      'gallery search (common word), 100k user p50 (ms)': bigSearch.p50,
      'gallery search (common word), 100k user p99 (ms)': bigSearch.p99,
      'gallery search (one match, trigram index), 100k user p50 (ms)': bigRareSearch.p50,
      'admin gallery first page, 1M p50 (ms)': adminFirst.p50,
      'admin gallery first page, 1M p99 (ms)': adminFirst.p99,
      'admin gallery hd+safe, 1M p50 (ms)': adminHd.p50,
      'admin gallery hd+safe, 1M p99 (ms)': adminHd.p99,
      'admin image count, 1M p50 (ms)': adminCount.p50,
    };
  } finally {
    await h.close();
  }
}

// `npx tsx bench/generation.ts` runs it alone
if (import.meta.url === `file://${process.argv[1]}`) {
  run().then(
    (r) => {
      console.table(r);
      process.exit(0);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
