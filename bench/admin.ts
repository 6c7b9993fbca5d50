import autocannon from 'autocannon';
import { supportTickets, ticketNotes, users } from '../src/server/db/schema/index';
import { ledgerMismatches } from '../src/server/modules/tokens/ledger.service';
import { hashPassword } from '../src/server/lib/passwords';
import { createHarness } from '../src/server/test/harness';

const USERS = 5000;
const TICKETS = 2000;

async function cannon(url: string, cookie: string, opts: { method?: 'GET' | 'POST'; body?: string } = {}) {
  const result = await autocannon({
    url,
    connections: 10,
    duration: 5,
    method: opts.method ?? 'GET',
    body: opts.body,
    headers: { cookie, ...(opts.body ? { 'content-type': 'application/json' } : {}) },
  });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * Admin screens over a populated database (in-process server on the embedded database): user search
 * across 5,000 accounts, the all-tickets list with 2,000 tickets and notes, the stats figures, and
 * 200 concurrent balance edits of one user (the ledger must still add up).
 */
export async function run(): Promise<Record<string, number | string>> {
  const h = await createHarness({ LOG_LEVEL: 'silent' }, { startQueue: false });
  try {
    const passwordHash = await hashPassword('Harbor-Lamp-42');
    const rows = Array.from({ length: USERS }, (_, i) => ({
      username: `bench_user_${i}`,
      email: `bench${i}@example.com`,
      passwordHash,
      referralCode: `B${i.toString(36).toUpperCase().padStart(7, '0')}`,
    }));
    const created: { id: string }[] = [];
    for (let i = 0; i < rows.length; i += 500)
      created.push(
        ...(await h.deps.db
          .insert(users)
          .values(rows.slice(i, i + 500))
          .returning({ id: users.id })),
      );
    const tickets = await h.deps.db
      .insert(supportTickets)
      .values(
        Array.from({ length: TICKETS }, (_, i) => ({
          userId: created[i % created.length].id,
          subject: `Bench ticket ${i}`,
          message: 'Something is not working as expected. '.repeat(5),
          status: (['open', 'in_progress', 'resolved', 'closed'] as const)[i % 4],
        })),
      )
      .returning({ id: supportTickets.id });
    await h.deps.db
      .insert(ticketNotes)
      .values(
        tickets
          .filter((_, i) => i % 2 === 0)
          .map((t) => ({ ticketId: t.id, note: 'We are looking into it.' })),
      );

    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await h.admin();
    const cookie = admin.cookie!;

    // baseline: the cheapest signed-in read, on the same server and database
    const baseline = await cannon(`${address}/api/auth/user`, cookie);
    const search = await cannon(`${address}/api/admin/users?search=user_42`, cookie);
    const firstPage = await cannon(`${address}/api/admin/users`, cookie);
    const stats = await cannon(`${address}/api/admin/stats`, cookie);
    const t0 = performance.now();
    const all = await admin.get('/api/support/tickets?includeResolved=true');
    const ticketsMs = Math.round(performance.now() - t0);
    const ticketsList = await cannon(`${address}/api/support/tickets?includeResolved=true`, cookie);

    const target = created[0].id;
    const t1 = performance.now();
    const edits = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        admin.post('/api/admin/users/update-balance', { userId: target, tokenBalance: (i * 37) % 1000 }),
      ),
    );
    const editsMs = Math.round(performance.now() - t1);
    const mismatches = await ledgerMismatches(h.deps.db);

    return {
      'users in db': USERS + 2,
      'baseline GET /api/auth/user req/s': baseline.rps,
      'GET /api/admin/users?search req/s': search.rps,
      'GET /api/admin/users?search p99 (ms)': search.p99,
      'GET /api/admin/users (page 1) req/s': firstPage.rps,
      'GET /api/admin/users (page 1) p99 (ms)': firstPage.p99,
      'GET /api/admin/stats req/s': stats.rps,
      'GET /api/admin/stats p99 (ms)': stats.p99,
      'all tickets (2000 + notes) first load (ms)': ticketsMs,
      'all tickets response (kB)': Math.round(all.body.length / 1024),
      'all tickets req/s': ticketsList.rps,
      'all tickets p99 (ms)': ticketsList.p99,
      '200 concurrent balance edits (ms)': editsMs,
      'balance edits refused': edits.filter((r) => r.statusCode !== 200).length,
      'ledger mismatches after edits': mismatches.length,
      'errors (non-2xx)': search.errors + firstPage.errors + stats.errors + ticketsList.errors,
    };
  } finally {
    await h.close();
  }
}
