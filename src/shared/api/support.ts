import type { supportServer } from './support.server';
import { endpoints } from './define';

/** Support tickets: the person's own, and the admin's handling of all (server: modules/support). */
export const supportApi = endpoints<typeof supportServer>()({
  tickets: { method: 'GET', path: '/api/support/tickets' },
  create: { method: 'POST', path: '/api/support/tickets' },
  setStatus: { method: 'PATCH', path: '/api/support/tickets/:id/status' },
  setPriority: { method: 'PATCH', path: '/api/support/tickets/:id/priority' },
  addNote: { method: 'POST', path: '/api/support/tickets/:id/notes' },
});
