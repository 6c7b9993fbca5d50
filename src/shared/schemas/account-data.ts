import { z } from 'zod';

// Issue 22, items 4 and 5: deleting one's account and downloading one's data.

export const PASSWORD_REQUIRED = 'Please enter your password';

export const deleteAccountSchema = z.object({
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).max(200, PASSWORD_REQUIRED),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

export const accountDeletionResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  createdAt: z.string(),
  /** set when ready: a signed link, valid until `expiresAt` */
  downloadUrl: z.string().optional(),
  expiresAt: z.string().optional(),
  /** the archive's size in bytes, when ready */
  bytes: z.number().optional(),
  error: z.string().optional(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const dataExportResultSchema = z.object({ export: dataExportSchema });
/** the user's latest export, if any (Settings → Privacy shows it on load) */
export const latestDataExportSchema = z.object({ export: dataExportSchema.nullable() });
