import {
  markReadBodySchema,
  markReadResultSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesBodySchema,
  notificationPreferencesSchema,
} from '../schemas/notifications';
import { serverSide } from './define';

/** The server's half of `notificationsApi`: who may call each route, what it validates and answers. */
export const notificationsServer = serverSide({
  list: { guard: 'user', query: notificationListQuerySchema, response: { 200: notificationListSchema } },
  markRead: { guard: 'user', body: markReadBodySchema, response: { 200: markReadResultSchema } },
  preferences: { guard: 'user', response: { 200: notificationPreferencesSchema } },
  setPreferences: {
    guard: 'user',
    body: notificationPreferencesBodySchema,
    response: { 200: notificationPreferencesSchema },
  },
});
