import type { supportApi } from '../support';
import type { OperationDocs } from './operation-doc';

/** What each route of `supportApi` does, for the OpenAPI document (src/server/modules/api-keys/openapi.ts). */
export const supportDocs: OperationDocs<typeof supportApi> = {
  tickets: {
    summary: 'List support tickets',
    description: 'Your tickets, or every ticket for an admin, with their notes.',
  },
  create: { summary: 'Open a support ticket', description: 'Sends a question or problem to support.' },
  setStatus: {
    summary: "Change a ticket's status",
    description: 'Moves a ticket between open, in progress and closed.',
  },
  setPriority: { summary: "Change a ticket's priority", description: "Sets a ticket's priority." },
  addNote: {
    summary: 'Answer a ticket',
    description: "Adds a note to a ticket; the user is notified of an admin's answer.",
  },
};
