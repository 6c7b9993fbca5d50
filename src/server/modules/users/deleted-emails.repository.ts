import { eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deletedEmailHashes } from '../../db/schema/index';

/** Every SQL statement about deleted accounts' e-mail hashes (deleted-emails.ts). */
export function createDeletedEmailsRepository(db: DbOrTx) {
  return {
    /** A second deletion of the same address restarts its clock. */
    async remember(emailHash: string) {
      await db
        .insert(deletedEmailHashes)
        .values({ emailHash, deletedAt: new Date() })
        .onConflictDoUpdate({ target: deletedEmailHashes.emailHash, set: { deletedAt: sql`now()` } });
    },
    async has(emailHash: string) {
      const rows = await db
        .select({ emailHash: deletedEmailHashes.emailHash })
        .from(deletedEmailHashes)
        .where(eq(deletedEmailHashes.emailHash, emailHash))
        .limit(1);
      return rows.length > 0;
    },
    async purgeBefore(cutoff: Date) {
      const rows = await db
        .delete(deletedEmailHashes)
        .where(lt(deletedEmailHashes.deletedAt, cutoff))
        .returning({ emailHash: deletedEmailHashes.emailHash });
      return rows.length;
    },
  };
}
