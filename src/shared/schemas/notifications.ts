import { z } from 'zod';
import { cursorSchema } from './common';

/** What a notification is about (issue 25): one switch per kind for its mail. */
export const NOTIFICATION_KINDS = [
  'training_ready',
  'training_failed',
  'purchase_credited',
  'support_ticket',
  'data_export_ready',
  'pack_ready',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The switch's label in Settings and on the unsubscribe page. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  training_ready: 'A model finished training',
  training_failed: 'A model training failed (and its refund)',
  purchase_credited: 'Tokens you bought were credited',
  support_ticket: 'Support answered a ticket or changed its status',
  data_export_ready: 'Your data export is ready',
  pack_ready: 'A photo pack finished',
};

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS, { error: 'Unknown notification kind' });

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** At most this many ids in one "mark read" call. */
export const MARK_READ_MAX_IDS = 100;

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** an in-app path ("/models/…"), never another site */
  link: z.string().nullable(),
  /** when what the notification offers ends (a data export's download), if it does */
  expiresAt: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationView = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({ cursor: cursorSchema });

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const markReadBodySchema = z.union(
  [
    z.object({
      ids: z
        .array(z.uuid('Each id must be a notification id'), {
          error: 'ids must be a list of notification ids',
        })
        .min(1, 'Name at least one notification')
        .max(MARK_READ_MAX_IDS, `At most ${MARK_READ_MAX_IDS} notifications at once`),
    }),
    z.object({ all: z.literal(true, { error: 'all must be true' }) }),
  ],
  { error: 'Send { ids: [...] } or { all: true }' },
);
export type MarkReadBody = z.infer<typeof markReadBodySchema>;

export const markReadResultSchema = z.object({ success: z.boolean(), unread: z.number().int() });

/** Per kind: is its mail on? (Every kind is always shown in the app.) */
export const notificationMailSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<
    NotificationKind,
    z.ZodBoolean
  >,
);
export const notificationPreferencesSchema = z.object({ mail: notificationMailSchema });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationPreferencesBodySchema = z.object({
  mail: z
    .partialRecord(notificationKindSchema, z.boolean({ error: 'Each switch must be true or false' }))
    .refine((m) => Object.keys(m).length > 0, 'Change at least one switch'),
});
export type NotificationPreferencesBody = z.input<typeof notificationPreferencesBodySchema>;
