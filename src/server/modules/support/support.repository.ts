import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { models, supportTickets, ticketNotes, users } from '../../db/schema/index';

export type TicketRow = typeof supportTickets.$inferSelect;

// The ticket list is not paged (the spec's screens count tabs over everything loaded): a ceiling keeps
// one response bounded.
const LIST_LIMIT = 1000;

export function createSupportRepository(db: DbOrTx) {
  async function withDetails(where: ReturnType<typeof eq> | undefined) {
    const rows = await db
      .select({
        ticket: supportTickets,
        userName: users.username,
        userEmail: users.email,
        modelName: models.name,
      })
      .from(supportTickets)
      .leftJoin(users, eq(users.id, supportTickets.userId))
      .leftJoin(models, eq(models.id, supportTickets.modelId))
      .where(where)
      .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
      .limit(LIST_LIMIT);
    const ids = rows.map((r) => r.ticket.id);
    const notes = ids.length
      ? await db
          .select({ note: ticketNotes, authorName: users.username })
          .from(ticketNotes)
          .leftJoin(users, eq(users.id, ticketNotes.authorId))
          .where(inArray(ticketNotes.ticketId, ids))
          .orderBy(asc(ticketNotes.createdAt), asc(ticketNotes.id))
      : [];
    return rows.map((r) => ({ ...r, notes: notes.filter((n) => n.note.ticketId === r.ticket.id) }));
  }

  return {
    listAll: () => withDetails(undefined),
    listByUser: (userId: string) => withDetails(eq(supportTickets.userId, userId)),
    async detail(id: string) {
      const [row] = await withDetails(eq(supportTickets.id, id));
      return row ?? null;
    },
    async byId(id: string) {
      const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id));
      return row ?? null;
    },
    async insert(values: typeof supportTickets.$inferInsert) {
      const [row] = await db.insert(supportTickets).values(values).returning();
      return row;
    },
    async update(id: string, values: Partial<Pick<TicketRow, 'status' | 'priority'>>) {
      const [row] = await db
        .update(supportTickets)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(supportTickets.id, id))
        .returning();
      return row ?? null;
    },
    async addNote(ticketId: string, authorId: string, note: string) {
      const [row] = await db.insert(ticketNotes).values({ ticketId, authorId, note }).returning();
      await db.update(supportTickets).set({ updatedAt: new Date() }).where(eq(supportTickets.id, ticketId));
      return row;
    },
    async ownModel(modelId: string, userId: string) {
      const [row] = await db
        .select({ id: models.id, name: models.name })
        .from(models)
        .where(and(eq(models.id, modelId), eq(models.userId, userId)));
      return row ?? null;
    },
  };
}

export type TicketDetail = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createSupportRepository>['detail']>>
>;
