import type { notificationsApi } from '../notifications';
import type { OperationDocs } from './operation-doc';

/** What each route of `notificationsApi` does, for the OpenAPI document (src/server/modules/api-keys/openapi.ts). */
export const notificationsDocs: OperationDocs<typeof notificationsApi> = {
  list: {
    summary: 'List your notifications',
    description:
      'What happened to your models, payments, tickets and packs, newest first, with the unread count.',
  },
  markRead: {
    summary: 'Mark notifications read',
    description: 'Marks the given notifications, or all of them, as read.',
  },
  preferences: {
    summary: 'Read your mail preferences',
    description: 'Which kinds of notification are also mailed to you.',
  },
  setPreferences: {
    summary: 'Change your mail preferences',
    description: 'Turns the mail of one or more kinds of notification on or off.',
  },
};
