import { accountDeletionResultSchema } from '../schemas/account-data';
import {
  adminCreateUserSchema,
  adminResetPasswordSchema,
  adminStatsSchema,
  adminUserListSchema,
  adminUserResultSchema,
  adminUsersQuerySchema,
  balanceResultSchema,
  outboxListSchema,
  outboxQuerySchema,
  setUserStatusSchema,
  toggleAdminSchema,
  toggleNsfwSchema,
  updateBalanceSchema,
} from '../schemas/admin';
import { auditPageSchema, auditQuerySchema } from '../schemas/audit';
import { idParamsSchema, successSchema } from '../schemas/common';
import { adminGalleryQuerySchema, galleryPageSchema, imageCountSchema } from '../schemas/generation';
import {
  adminModelListSchema,
  adminModelsQuerySchema,
  reuploadStartedSchema,
  uploadLogsQuerySchema,
  uploadLogsResponseSchema,
} from '../schemas/models';
import { adminSystemSchema } from '../schemas/system';
import { adminVitalsQuerySchema, adminVitalsSchema } from '../schemas/vitals';
import {
  adminPageQuerySchema,
  ledgerCheckSchema,
  salesPageSchema,
  tokenPackageInputSchema,
  tokenPackageListSchema,
  tokenPackageResultSchema,
  tokenPackageUpdateSchema,
} from '../schemas/tokens';
import { defineRoute } from './define';

/**
 * The admin area (everything under /api/admin/ is admin-only, http/guards.ts). The admin also
 * calls a few routes of other areas: models' status and re-upload, styles, support, theme.
 */
export const adminApi = {
  stats: defineRoute({ method: 'GET', path: '/api/admin/stats', response: { 200: adminStatsSchema } }),
  system: defineRoute({ method: 'GET', path: '/api/admin/system', response: { 200: adminSystemSchema } }),
  /** p75 of each Web Vital per page over the last `hours` (decision 057) */
  vitals: defineRoute({
    method: 'GET',
    path: '/api/admin/vitals',
    query: adminVitalsQuerySchema,
    response: { 200: adminVitalsSchema },
  }),
  users: defineRoute({
    method: 'GET',
    path: '/api/admin/users',
    query: adminUsersQuerySchema,
    response: { 200: adminUserListSchema },
  }),
  createUser: defineRoute({
    method: 'POST',
    path: '/api/admin/users',
    body: adminCreateUserSchema,
    response: { 201: adminUserResultSchema },
  }),
  updateBalance: defineRoute({
    method: 'POST',
    path: '/api/admin/users/update-balance',
    body: updateBalanceSchema,
    response: { 200: balanceResultSchema },
  }),
  toggleAdmin: defineRoute({
    method: 'POST',
    path: '/api/admin/users/toggle-admin',
    body: toggleAdminSchema,
    response: { 200: adminUserResultSchema },
  }),
  toggleNsfw: defineRoute({
    method: 'POST',
    path: '/api/admin/users/toggle-nsfw',
    body: toggleNsfwSchema,
    response: { 200: adminUserResultSchema },
  }),
  setUserStatus: defineRoute({
    method: 'POST',
    path: '/api/admin/users/set-status',
    body: setUserStatusSchema,
    response: { 200: adminUserResultSchema },
  }),
  deleteUser: defineRoute({
    method: 'DELETE',
    path: '/api/admin/users/:id',
    params: idParamsSchema,
    response: { 202: accountDeletionResultSchema },
  }),
  /** spec part 2 §7 names it under /api/auth, but it resets another user's password */
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/auth/reset-password',
    body: adminResetPasswordSchema,
    response: { 200: successSchema },
  }),
  outbox: defineRoute({
    method: 'GET',
    path: '/api/admin/outbox',
    query: outboxQuerySchema,
    response: { 200: outboxListSchema },
  }),
  audit: defineRoute({
    method: 'GET',
    path: '/api/admin/audit',
    query: auditQuerySchema,
    response: { 200: auditPageSchema },
  }),
  images: defineRoute({
    method: 'GET',
    path: '/api/admin/generated-images',
    query: adminGalleryQuerySchema,
    response: { 200: galleryPageSchema },
  }),
  imageCount: defineRoute({
    method: 'GET',
    path: '/api/admin/generated-images/count',
    response: { 200: imageCountSchema },
  }),
  models: defineRoute({
    method: 'GET',
    path: '/api/admin/models',
    query: adminModelsQuerySchema,
    response: { 200: adminModelListSchema },
  }),
  uploadLogs: defineRoute({
    method: 'GET',
    path: '/api/admin/models/upload-logs',
    query: uploadLogsQuerySchema,
    response: { 200: uploadLogsResponseSchema },
  }),
  retryUpload: defineRoute({
    method: 'POST',
    path: '/api/admin/models/upload-logs/:id/retry',
    params: idParamsSchema,
    response: { 200: reuploadStartedSchema },
  }),
  packages: defineRoute({
    method: 'GET',
    path: '/api/admin/token-packages',
    response: { 200: tokenPackageListSchema },
  }),
  createPackage: defineRoute({
    method: 'POST',
    path: '/api/admin/token-packages',
    body: tokenPackageInputSchema,
    response: { 201: tokenPackageResultSchema },
  }),
  updatePackage: defineRoute({
    method: 'PATCH',
    path: '/api/admin/token-packages/:id',
    params: idParamsSchema,
    body: tokenPackageUpdateSchema,
    response: { 200: tokenPackageResultSchema },
  }),
  deletePackage: defineRoute({
    method: 'DELETE',
    path: '/api/admin/token-packages/:id',
    params: idParamsSchema,
    response: { 200: tokenPackageResultSchema },
  }),
  sales: defineRoute({
    method: 'GET',
    path: '/api/admin/sales',
    query: adminPageQuerySchema,
    response: { 200: salesPageSchema },
  }),
  ledgerCheck: defineRoute({
    method: 'GET',
    path: '/api/admin/ledger-check',
    response: { 200: ledgerCheckSchema },
  }),
};
