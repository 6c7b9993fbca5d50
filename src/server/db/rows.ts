import { and, eq, type InferSelectModel } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

type TableWithId = PgTable & { id: PgColumn };

async function rowById<T extends TableWithId>(
  db: DbOrTx,
  table: T,
  id: string,
  lock: boolean,
): Promise<InferSelectModel<T> | null> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return (row as InferSelectModel<T> | undefined) ?? null;
}

/** One row by its primary key, or null. */
export const findById = <T extends TableWithId>(db: DbOrTx, table: T, id: string) =>
  rowById(db, table, id, false);

/** One row by its primary key, locked (`for update`) for the rest of the caller's transaction, or null. */
export const lockById = <T extends TableWithId>(db: DbOrTx, table: T, id: string) =>
  rowById(db, table, id, true);

/**
 * A job's work row (a generation, an upscale, a pack batch) from pending to running; a row already
 * past pending (a retried job, or one settled meanwhile) keeps its status.
 */
export async function markRunning(db: DbOrTx, table: TableWithId & { status: PgColumn }, id: string) {
  await db
    .update(table as PgTable)
    .set({ status: 'running' })
    .where(and(eq(table.id, id), eq(table.status, 'pending')));
}
