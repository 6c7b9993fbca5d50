// The two consents the product asks for (docs/decisions/025-consent-and-retention.md). The wording
// lives here so the server records exactly the version of the text the browser showed: a changed
// text gets a new version, and the stored version says which one a person agreed to.

/** Version of the subject attestation below; stored with each model's attestation. */
export const SUBJECT_NOTICE_VERSION = 'subject-2026-11-26';

/** What the owner of a model attests before its first photo is stored. */
export const SUBJECT_ATTESTATION =
  'These are photos of me, or I have the explicit consent of the person shown to use their photos here.';

/** Version of the face-analysis notice below; stored with the user's answer. */
export const FACE_NOTICE_VERSION = 'face-2026-11-26';

/** The short notice shown before face analysis is switched on (what, why, where, until when). */
export const FACE_NOTICE = {
  what: 'A face descriptor: 128 numbers that describe the geometry of the main face in each training photo.',
  why: 'To flag a photo that shows a different person, and to score how much each generated image looks like you.',
  where: "In this server's database only. It is never sent to a vendor and never shown in the app.",
  until: (photoRetentionDays: number) =>
    `With the training photos (${photoRetentionDays} days after the model is ready), at once when you switch face analysis off, or when you delete your account.`,
  without:
    'Without it, the photo checks still look for no face, several people, a face too small, blur and exposure; "different person" and the likeness score stay off.',
} as const;

export const CONSENT_REQUIRED_MESSAGE =
  'Please confirm that these are photos of you, or that you have the explicit consent of the person shown, before uploading.';

export const PHOTOS_DELETED_MESSAGE =
  "This model's training photos were deleted under the retention schedule. Please upload new photos to train it again.";

/**
 * The Privacy page's line on backups (docs/operators/backup-restore.md): what is deleted from the
 * studio stays in the backups taken before, until they are deleted BACKUP_RETENTION_DAYS after.
 */
export const backupRetentionText = (backupRetentionDays: number) => {
  const days = `${backupRetentionDays} ${backupRetentionDays === 1 ? 'day' : 'days'}`;
  return `Backups of the studio are deleted ${days} after they are taken. Anything deleted here, a deleted account included, can remain in the backups taken before the deletion for up to ${days}, then it is gone with them. Backups are read only to restore the studio after a failure.`;
};
