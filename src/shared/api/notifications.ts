import type { notificationsServer } from './notifications.server';
import { endpoints } from './define';

/** The person's notifications and their mail switches (server: modules/notifications). */
export const notificationsApi = endpoints<typeof notificationsServer>()({
  list: { method: 'GET', path: '/api/notifications' },
  markRead: { method: 'POST', path: '/api/notifications/read' },
  preferences: { method: 'GET', path: '/api/notifications/preferences' },
  setPreferences: { method: 'PATCH', path: '/api/notifications/preferences' },
});
