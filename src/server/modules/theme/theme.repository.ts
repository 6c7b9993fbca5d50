import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { siteTheme } from '../../db/schema/index';

export function createThemeRepository(db: DbOrTx) {
  return {
    async get() {
      const [row] = await db.select().from(siteTheme).where(eq(siteTheme.id, 1));
      return row?.data ?? null;
    },
    async save(data: Record<string, unknown>, updatedBy: string | null) {
      await db
        .insert(siteTheme)
        .values({ id: 1, data, updatedBy })
        .onConflictDoUpdate({ target: siteTheme.id, set: { data, updatedBy, updatedAt: new Date() } });
    },
  };
}
