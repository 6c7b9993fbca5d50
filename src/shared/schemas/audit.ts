import { z } from 'zod';
import { cursorSchema, isIsoDay } from './common';

/**
 * Every admin write the audit log records (docs/decisions/027-admin-audit-log.md). The code names the
 * thing changed, then what happened to it; the admin panel's action filter lists these.
 */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.balance',
  'user.admin',
  'user.nsfw',
  'user.status',
  'user.password_reset',
  'user.delete',
  'model.status_reset',
  'model.reupload',
  'package.create',
  'package.update',
  'package.delete',
  'style.create',
  'style.update',
  'style.delete',
  'style.image_upload',
  'pack.create',
  'pack.update',
  'pack.cover_upload',
  'theme.update',
  'ticket.status',
  'ticket.priority',
  'ticket.note',
  'upscale_price.update',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry's entity id points at, when the target is not (only) a user. */
export const AUDIT_ENTITY_TYPES = [
  'user',
  'model',
  'upload_log',
  'token_package',
  'preset_style',
  'style_image',
  'pack',
  'pack_cover',
  'site_theme',
  'support_ticket',
  'upscale_price',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** Readable names for the action filter and the table. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.create': 'User created',
  'user.balance': 'Balance changed',
  'user.admin': 'Admin access changed',
  'user.nsfw': 'NSFW access changed',
  'user.status': 'Account status changed',
  'user.password_reset': 'Password reset',
  'user.delete': 'User deleted',
  'model.status_reset': 'Model reset to uploaded',
  'model.reupload': 'Model re-uploaded',
  'package.create': 'Token package created',
  'package.update': 'Token package edited',
  'package.delete': 'Token package removed',
  'style.create': 'Style created',
  'style.update': 'Style edited',
  'style.delete': 'Style deleted',
  'style.image_upload': 'Style image uploaded',
  'pack.create': 'Photo pack created',
  'pack.update': 'Photo pack edited',
  'pack.cover_upload': 'Photo pack cover uploaded',
  'theme.update': 'Theme changed',
  'ticket.status': 'Ticket status changed',
  'ticket.priority': 'Ticket priority changed',
  'ticket.note': 'Ticket note added',
  'upscale_price.update': 'Upscale price changed',
};

const INVALID_DAY = 'Use a date like 2026-11-26';
const daySchema = z
  .string({ error: INVALID_DAY })
  .regex(/^\d{4}-\d{2}-\d{2}$/, INVALID_DAY)
  // a year PostgreSQL compares without a 500 (year 0000 or a 30 February is a 400 here)
  .refine((v) => isIsoDay(v, 1970, 9998), INVALID_DAY);

/** `GET /api/admin/audit`: filters are ANDed; `from`/`to` are whole UTC days, both inclusive. */
export const auditQuerySchema = z
  .object({
    action: z.enum(AUDIT_ACTIONS, { error: 'Unknown action' }).optional(),
    adminId: z.uuid('Invalid admin id').optional(),
    targetUserId: z.uuid('Invalid user id').optional(),
    from: daySchema.optional(),
    to: daySchema.optional(),
    cursor: cursorSchema,
    limit: z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be between 1 and 100')
      .max(100, 'Limit must be between 1 and 100')
      .default(50),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start date must be on or before the end date',
    path: ['to'],
  });
export type AuditQuery = z.output<typeof auditQuerySchema>;
export type AuditQueryInput = z.input<typeof auditQuerySchema>;

/** Only the fields an action changed; nested objects keep only their changed leaves. */
const fieldsSchema = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  admin: z.object({ id: z.string(), username: z.string() }),
  /** the user acted on; username is null once that user is deleted (only the id is kept) */
  targetUser: z.object({ id: z.string(), username: z.string().nullable() }).nullable(),
  entity: z.object({ type: z.enum(AUDIT_ENTITY_TYPES), id: z.string() }).nullable(),
  before: fieldsSchema,
  after: fieldsSchema,
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
