import type { SupportTicket, TicketPriority, TicketStatus } from '../../../shared/schemas/support';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { recordAdminAction, recordAdminChange, type AdminActor } from '../audit';
import { createRateLimiter } from '../../lib/rate-limiter';
import { notify } from '../notifications';
import type { UserRow } from '../users';
import { createSupportRepository, type TicketDetail } from './support.repository';

/** How a ticket's owner sees every admin's note: from the team, never naming the admin (issue 28). */
export const SUPPORT_AUTHOR = { username: 'Support' } as const;

/** `viewer`: who asks; only admins see which admin wrote a note. */
export function toPublicTicket(d: TicketDetail, viewer: { isAdmin: boolean }): SupportTicket {
  const t = d.ticket;
  return {
    id: t.id,
    subject: t.subject,
    message: t.message,
    priority: t.priority,
    status: t.status,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    adminNotes: d.notes.map((n) => ({
      id: n.note.id,
      note: n.note.note,
      createdAt: n.note.createdAt.toISOString(),
      author: !viewer.isAdmin
        ? SUPPORT_AUTHOR
        : n.note.authorId && n.authorName
          ? { id: n.note.authorId, username: n.authorName }
          : null,
    })),
    modelId: t.modelId,
    model: t.modelId && d.modelName !== null ? { id: t.modelId, name: d.modelName } : null,
    user:
      d.userName !== null && d.userEmail !== null
        ? { id: t.userId, username: d.userName, email: d.userEmail }
        : null,
  };
}

const STATUS_WORDS: Record<TicketStatus, string> = {
  open: 'open',
  in_progress: 'in progress',
  resolved: 'resolved',
  closed: 'closed',
};

// A person with a real problem files a handful of tickets; a script filing hundreds only buries the team.
const TICKETS_PER_HOUR = 20;

export function createSupportService(deps: Pick<AppDeps, 'db' | 'queue'>) {
  const repo = createSupportRepository(deps.db);
  const limits = createRateLimiter(deps.db);

  // every caller but list() is an admin (or the author of a ticket that has no notes yet)
  async function detailOr404(id: string, viewer: { isAdmin: boolean } = { isAdmin: true }) {
    const d = await repo.detail(id);
    if (!d) throw notFound('Ticket not found');
    return toPublicTicket(d, viewer);
  }

  /** A status or priority change and its audit entry (only if it changed) in one transaction. */
  async function changeTicket(
    admin: AdminActor,
    id: string,
    action: 'ticket.status' | 'ticket.priority',
    values: { status: TicketStatus } | { priority: TicketPriority },
  ) {
    await deps.db.transaction(async (tx) => {
      const r = createSupportRepository(tx);
      const before = await r.byId(id);
      if (!before) throw notFound('Ticket not found');
      const after = (await r.update(id, values))!;
      if (before.status !== after.status) {
        await notify(deps, tx, {
          userId: after.userId,
          kind: 'support_ticket',
          subjectKey: `ticket:${id}:status:${after.status}:${after.updatedAt.toISOString()}`,
          title: `Your support ticket is now ${STATUS_WORDS[after.status]}`,
          body: `The status of your ticket "${after.subject}" changed from ${STATUS_WORDS[before.status]} to ${STATUS_WORDS[after.status]}.`,
          link: '/support',
        });
      }
      const pick = (t: typeof before) =>
        'status' in values ? { status: t.status } : { priority: t.priority };
      const entity = { type: 'support_ticket' as const, id };
      await recordAdminChange(
        tx,
        { admin, action, targetUserId: before.userId, entity },
        pick(before),
        pick(after),
      );
    });
  }

  return {
    /** Own tickets; an admin asking with includeResolved gets every ticket (docs/product/spec-part-2.md §7). */
    async list(user: UserRow, includeResolved: boolean) {
      const rows = user.isAdmin && includeResolved ? await repo.listAll() : await repo.listByUser(user.id);
      return rows.map((row) => toPublicTicket(row, user));
    },

    async create(
      user: UserRow,
      input: { subject: string; message: string; priority: TicketPriority; modelId: string | null },
    ) {
      // docs/product/decisions.md §1/6: a ticket may only name the author's own model; anything else reads as 404
      if (input.modelId && !(await repo.ownModel(input.modelId, user.id))) throw notFound('Model not found');
      await limits
        .owned(user.id)
        .enforce(
          `ticket:user:${user.id}`,
          3_600_000,
          TICKETS_PER_HOUR,
          'You have submitted many tickets recently. Please wait before submitting another.',
        );
      const row = await repo.insert({
        userId: user.id,
        subject: input.subject,
        message: input.message,
        priority: input.priority,
        modelId: input.modelId,
      });
      return detailOr404(row.id, user);
    },

    async setStatus(admin: AdminActor, id: string, status: TicketStatus) {
      await changeTicket(admin, id, 'ticket.status', { status });
      return detailOr404(id);
    },

    async setPriority(admin: AdminActor, id: string, priority: TicketPriority) {
      await changeTicket(admin, id, 'ticket.priority', { priority });
      return detailOr404(id);
    },

    async addNote(admin: UserRow, id: string, note: string) {
      await deps.db.transaction(async (tx) => {
        const r = createSupportRepository(tx);
        const ticket = await r.byId(id);
        if (!ticket) throw notFound('Ticket not found');
        const row = await r.addNote(id, admin.id, note);
        // the owner hears about the answer without having to poll the support page
        await notify(deps, tx, {
          userId: ticket.userId,
          kind: 'support_ticket',
          subjectKey: `ticket:${id}:note:${row.id}`,
          title: `New response to your support ticket: ${ticket.subject}`,
          body: `Our support team answered your ticket "${ticket.subject}":\n\n${note}`,
          link: '/support',
        });
        // the note's id, not its text: what was written to a user stays with the ticket
        await recordAdminAction(tx, {
          admin,
          action: 'ticket.note',
          targetUserId: ticket.userId,
          entity: { type: 'support_ticket', id },
          after: { noteId: row.id },
        });
      });
      const ticket = await detailOr404(id);
      return ticket;
    },
  };
}
