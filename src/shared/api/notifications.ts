import {
  markReadBodySchema,
  markReadResultSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesBodySchema,
  notificationPreferencesSchema,
} from '../schemas/notifications';
import { defineRoute } from './define';

/** The person's notifications and their mail switches (server: modules/notifications). */
export const notificationsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/notifications',
    query: notificationListQuerySchema,
    response: { 200: notificationListSchema },
  }),
  markRead: defineRoute({
    method: 'POST',
    path: '/api/notifications/read',
    body: markReadBodySchema,
    response: { 200: markReadResultSchema },
  }),
  preferences: defineRoute({
    method: 'GET',
    path: '/api/notifications/preferences',
    response: { 200: notificationPreferencesSchema },
  }),
  setPreferences: defineRoute({
    method: 'PATCH',
    path: '/api/notifications/preferences',
    body: notificationPreferencesBodySchema,
    response: { 200: notificationPreferencesSchema },
  }),
};
