import { boolean, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts, updatedAt } from './common';
import { users } from './users';

/**
 * A user's face-analysis consent (decision 025). No row, or a row with faceAnalysis false: no face
 * descriptor is computed or stored for this user. faceAnalysisAt is when the answer was given (null:
 * never asked yet), noticeVersion the version of the notice it answered.
 */
export const userPrivacy = pgTable('user_privacy', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  faceAnalysis: boolean('face_analysis').notNull().default(false),
  faceAnalysisAt: ts('face_analysis_at'),
  noticeVersion: text('notice_version'),
  updatedAt: updatedAt(),
});

/**
 * Keyed hashes (HMAC-SHA-256 under the `deleted-emails` purpose key, lib/keys.ts) of the e-mail
 * addresses of deleted accounts, for one rule only: an address that had an account gets no second
 * welcome bonus. The address itself is not kept and the hash opens nothing else; each row goes after
 * DELETED_EMAIL_RETENTION_DAYS (modules/retention).
 */
export const deletedEmailHashes = pgTable('deleted_email_hashes', {
  emailHash: text('email_hash').primaryKey(),
  deletedAt: ts('deleted_at').notNull(),
});
