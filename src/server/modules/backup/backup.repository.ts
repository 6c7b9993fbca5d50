import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { transactions, users } from '../../db/schema/index';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** What a backup records of its database, read in the snapshot it copies, and what a restore checks. */
export type DatabaseFacts = {
  /** rows per table of the public schema */
  tables: Record<string, number>;
  /** users, users whose balance is not the sum of their ledger rows, and the totals of both */
  ledger: { users: number; mismatched: number; balanceTotal: number; ledgerTotal: number };
};

export function createBackupRepository(db: DbOrTx) {
  return {
    async tableNames(): Promise<string[]> {
      const res = await db.execute(sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
      return rowsOf<{ table_name: string }>(res).map((r) => r.table_name);
    },

    async facts(): Promise<DatabaseFacts> {
      const names = await this.tableNames();
      const tables: Record<string, number> = {};
      if (names.length > 0) {
        const res = await db.execute(
          sql.join(
            names.map((n) => sql`select ${n}::text as name, count(*)::bigint as n from ${sql.identifier(n)}`),
            sql` union all `,
          ),
        );
        for (const r of rowsOf<{ name: string; n: string | number }>(res)) tables[r.name] = Number(r.n);
      }
      const [ledger] = rowsOf<{ users: string; mismatched: string; balance: string; ledger: string }>(
        await db.execute(sql`
          select count(*) as users,
            count(*) filter (where u.token_balance <> coalesce(l.total, 0)) as mismatched,
            coalesce(sum(u.token_balance), 0) as balance,
            coalesce(sum(l.total), 0) as ledger
          from ${users} u
          left join (select user_id, sum(amount) as total from ${transactions} group by user_id) l
            on l.user_id = u.id`),
      );
      return {
        tables,
        ledger: {
          users: Number(ledger!.users),
          mismatched: Number(ledger!.mismatched),
          balanceTotal: Number(ledger!.balance),
          ledgerTotal: Number(ledger!.ledger),
        },
      };
    },
  };
}
