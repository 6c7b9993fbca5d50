import { sql } from 'drizzle-orm';
import { createHarness } from '../../src/server/test/harness';
const h = await createHarness({}, { startQueue: false });
const base = (await h.deps.db.query.baseModels.findMany())[0];
const big = h.client();
const u = await big.register('bench_big');
const filler = await h.client().register('filler');
async function ins(userId: string, n: number) {
  for (let from = 1; from <= n; from += 100000) {
    const to = Math.min(n, from + 99999);
    await h.deps.db
      .execute(sql`insert into generated_images (user_id, base_model_id, prompt, width, height, seed, tokens_used, is_nsfw, storage_key, created_at)
      select ${userId}::uuid, ${base.id}::uuid, 'a portrait number ' || g || case when g % 10 = 0 then ' at sunset' else ' in a studio' end, 512, 512, g, 15, false, 'k' || g,
      date_trunc('milliseconds', now()) - (g * interval '1 millisecond') from generate_series(${from}::int, ${to}::int) g`);
  }
}
await ins(u.id, 100000);
await ins(filler.id, 900000);
await h.deps.db.execute(sql`analyze generated_images`);
for (const q of [
  sql`explain (analyze, buffers) select gi.*, m.name, ps.name, bm.name, us.username from generated_images gi left join models m on m.id = gi.model_id left join preset_styles ps on ps.id = gi.style_id left join base_models bm on bm.id = gi.base_model_id left join users us on us.id = gi.user_id where gi.user_id = ${u.id} order by gi.created_at desc, gi.id desc limit 25`,
  sql`explain (analyze, buffers) select id from generated_images where user_id = ${u.id} and prompt ilike '%sunset%' order by created_at desc, id desc limit 25`,
]) {
  const r: any = await h.deps.db.execute(q);
  console.log((r.rows ?? r).map((x: any) => x['QUERY PLAN']).join('\n'));
}
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  await big.get('/api/generated-images?limit=24');
  console.log('page ms', performance.now() - t);
}
await h.close?.();
process.exit(0);
