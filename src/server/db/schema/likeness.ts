import { integer, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './common';
import { models } from './models';

/**
 * The face a personal model's likeness scores compare against (decision 022): the median descriptor of
 * its training photos and the key of its best face crop. A cache, rebuilt from the photos when missing;
 * the descriptor is biometric data — deleted with the model (cascade), never in an API response, never
 * sent to a vendor.
 */
export const modelFaceReferences = pgTable('model_face_references', {
  modelId: uuid('model_id')
    .primaryKey()
    .references(() => models.id, { onDelete: 'cascade' }),
  /** null: none of the photos shows a detectable face */
  descriptor: real('descriptor').array(),
  /** storage key of the largest, sharpest face among the photos, cropped square (JPEG) */
  bestCropKey: text('best_crop_key'),
  /** how many photos showed a face */
  faces: integer('faces').notNull().default(0),
  /** a hash of the photo ids it was computed from: another set of photos recomputes it */
  photoSet: text('photo_set').notNull(),
  computedAt: ts('computed_at').notNull(),
});
