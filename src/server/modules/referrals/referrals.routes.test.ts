import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, referrals, transactions, users } from '../../db/schema/index';
import { createHarness, type Harness } from '../../test/harness';
import { ledgerMismatches } from '../tokens/ledger.service';
import { grantReferralBonuses } from './referrals.service';

let h: Harness;
beforeAll(async () => {
  // a small cap, so the cap test needs few sign-ups
  h = await createHarness({ REFERRAL_MONTHLY_CAP: '3' });
});
afterAll(async () => {
  await h?.close();
});

const balanceOf = async (id: string) =>
  (await h.deps.db.select().from(users).where(eq(users.id, id)))[0].tokenBalance;

async function verifyToken(email: string) {
  const [mail] = await h.deps.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error('no verification link');
  return token;
}

describe('referrals', () => {
  it('shows the code, the invite link, invited friends and bonuses; grants 50 + 50 once on verification', async () => {
    const inviter = h.client();
    const inviterUser = await inviter.register('inviter_1');
    const empty = (await inviter.get('/api/referrals')).json();
    const code = (await inviter.get('/api/auth/user')).json().user.referralCode;
    expect(empty).toEqual({
      code,
      link: `http://127.0.0.1:3000/register?ref=${code}`,
      invited: [],
      bonusEarned: 0,
    });

    const friend = h.client();
    const res = await friend.post('/api/auth/register', {
      username: 'friend_1',
      email: 'friend_1@example.com',
      password: 'Harbor-Lamp-42',
      referralCode: code.toLowerCase(),
    });
    expect(res.statusCode).toBe(201);
    const friendId = res.json().user.id;
    const pending = (await inviter.get('/api/referrals')).json();
    expect(pending.invited).toMatchObject([{ username: 'friend_1', status: 'pending', bonusTokens: 0 }]);
    expect(pending.bonusEarned).toBe(0);

    const token = await verifyToken('friend_1@example.com');
    expect((await friend.post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    expect(await balanceOf(inviterUser.id)).toBe(100);
    expect(await balanceOf(friendId)).toBe(100);
    const granted = (await inviter.get('/api/referrals')).json();
    expect(granted.invited).toMatchObject([{ username: 'friend_1', status: 'granted', bonusTokens: 50 }]);
    expect(granted.bonusEarned).toBe(50);

    // a second verification or claim grants nothing (the link opened again only says it is verified)
    const second = await friend.post('/api/auth/verify-email', { token });
    expect(second.statusCode).toBe(200);
    expect(second.json().alreadyVerified).toBe(true);
    await friend.post('/api/auth/resend-verification');
    const again = await verifyToken('friend_1@example.com').catch(() => null);
    if (again) await friend.post('/api/auth/verify-email', { token: again });
    expect(
      await h.deps.db.transaction((tx) => grantReferralBonuses(tx, friendId, { monthlyCap: 20 })),
    ).toBeNull();
    expect(await balanceOf(inviterUser.id)).toBe(100);
    expect(await balanceOf(friendId)).toBe(100);
    const bonusRows = (await h.deps.db.select().from(transactions)).filter((t) => t.refType === 'referral');
    expect(bonusRows).toHaveLength(2);

    // one referral per invited account: the unique index holds
    await expect(
      h.deps.db.insert(referrals).values({ inviterId: inviterUser.id, invitedId: friendId, code }),
    ).rejects.toThrow();
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
  });

  it('pays one bonus per real mailbox however many plus-addresses verify', async () => {
    const inviter = h.client();
    const inviterUser = await inviter.register('farmer_inv');
    const code = (await inviter.get('/api/auth/user')).json().user.referralCode;
    const addresses = [
      ...Array.from({ length: 8 }, (_, i) => `Farm.Er+${i}@gmail.com`),
      'farmer+x@googlemail.com',
      'f.a.r.m.e.r@gmail.com',
    ];
    const ids: string[] = [];
    for (const [i, email] of addresses.entries()) {
      const friend = h.client();
      const res = await friend.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: `10.0.1.${i + 1}`,
        payload: { username: `farm_${i}`, email, password: 'Harbor-Lamp-42', referralCode: code },
      });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().user.id);
      const token = await verifyToken(email);
      expect((await friend.post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    }
    expect(await balanceOf(inviterUser.id)).toBe(100);
    // the first verified address earned both bonuses, the other nine nobody anything
    expect(await balanceOf(ids[0])).toBe(100);
    for (const id of ids.slice(1)) expect(await balanceOf(id)).toBe(50);
    const overview = (await inviter.get('/api/referrals')).json();
    expect(overview.bonusEarned).toBe(50);
    expect(overview.invited.filter((r: { status: string }) => r.status === 'duplicate')).toHaveLength(9);
    // the inviter's own mailbox counts as theirs
    const self = h.client();
    const own = await self.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '10.0.1.99',
      payload: {
        username: 'farm_self',
        email: 'farmer_inv+again@example.com',
        password: 'Harbor-Lamp-42',
        referralCode: code,
      },
    });
    expect(own.statusCode).toBe(201);
    await self.post('/api/auth/verify-email', { token: await verifyToken('farmer_inv+again@example.com') });
    expect(await balanceOf(inviterUser.id)).toBe(100);

    const admin = await h.admin();
    const rows = (await admin.get('/api/admin/users?search=farmer_inv')).json();
    expect(rows.find((u: { id: string }) => u.id === inviterUser.id).referrals).toEqual({
      invited: 11,
      paid: 1,
    });
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
  });

  it('pays at most the monthly cap per inviter and records the rest', async () => {
    const inviter = h.client();
    const inviterUser = await inviter.register('capped_inv');
    const code = (await inviter.get('/api/auth/user')).json().user.referralCode;
    for (let i = 0; i < 4; i++) {
      const friend = h.client();
      const email = `capped_friend_${i}@example.com`;
      const res = await friend.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: `10.0.2.${i + 1}`,
        payload: { username: `capped_friend_${i}`, email, password: 'Harbor-Lamp-42', referralCode: code },
      });
      expect(res.statusCode).toBe(201);
      await friend.post('/api/auth/verify-email', { token: await verifyToken(email) });
    }
    expect(await balanceOf(inviterUser.id)).toBe(50 + 3 * 50);
    const overview = (await inviter.get('/api/referrals')).json();
    expect(overview.invited.map((r: { status: string }) => r.status).sort()).toEqual([
      'granted',
      'granted',
      'granted',
      'over_cap',
    ]);
    expect(overview.bonusEarned).toBe(150);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
  });

  it('refuses self-referral', async () => {
    const c = h.client();
    const me = await c.register('selfish_1');
    // register cannot produce one; a row written any other way still earns nothing
    await h.deps.db.insert(referrals).values({ inviterId: me.id, invitedId: me.id, code: 'X' });
    expect(
      await h.deps.db.transaction((tx) => grantReferralBonuses(tx, me.id, { monthlyCap: 20 })),
    ).toBeNull();
    expect(await balanceOf(me.id)).toBe(50);
  });

  it('ignores an unknown code and requires a session', async () => {
    const res = await h.client().post('/api/auth/register', {
      username: 'nobody_ref',
      email: 'nobody_ref@example.com',
      password: 'Harbor-Lamp-42',
      referralCode: 'NOPE',
    });
    expect(res.statusCode).toBe(201);
    expect(
      await h.deps.db.select().from(referrals).where(eq(referrals.invitedId, res.json().user.id)),
    ).toHaveLength(0);
    expect((await h.client().get('/api/referrals')).statusCode).toBe(401);
  });
});
