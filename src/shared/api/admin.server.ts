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
import { serverSide } from './define';

/** The server's half of `adminApi`: who may call each route, what it validates and answers. */
export const adminServer = serverSide({
  stats: { guard: 'admin', response: { 200: adminStatsSchema } },
  system: { guard: 'admin', response: { 200: adminSystemSchema } },
  vitals: { guard: 'admin', query: adminVitalsQuerySchema, response: { 200: adminVitalsSchema } },
  users: { guard: 'admin', query: adminUsersQuerySchema, response: { 200: adminUserListSchema } },
  createUser: { guard: 'admin', body: adminCreateUserSchema, response: { 201: adminUserResultSchema } },
  updateBalance: { guard: 'admin', body: updateBalanceSchema, response: { 200: balanceResultSchema } },
  toggleAdmin: { guard: 'admin', body: toggleAdminSchema, response: { 200: adminUserResultSchema } },
  toggleNsfw: { guard: 'admin', body: toggleNsfwSchema, response: { 200: adminUserResultSchema } },
  setUserStatus: { guard: 'admin', body: setUserStatusSchema, response: { 200: adminUserResultSchema } },
  deleteUser: { guard: 'admin', params: idParamsSchema, response: { 202: accountDeletionResultSchema } },
  resetPassword: { guard: 'admin', body: adminResetPasswordSchema, response: { 200: successSchema } },
  outbox: { guard: 'admin', query: outboxQuerySchema, response: { 200: outboxListSchema } },
  audit: { guard: 'admin', query: auditQuerySchema, response: { 200: auditPageSchema } },
  images: { guard: 'admin', query: adminGalleryQuerySchema, response: { 200: galleryPageSchema } },
  imageCount: { guard: 'admin', response: { 200: imageCountSchema } },
  models: { guard: 'admin', query: adminModelsQuerySchema, response: { 200: adminModelListSchema } },
  uploadLogs: { guard: 'admin', query: uploadLogsQuerySchema, response: { 200: uploadLogsResponseSchema } },
  retryUpload: { guard: 'admin', params: idParamsSchema, response: { 200: reuploadStartedSchema } },
  packages: { guard: 'admin', response: { 200: tokenPackageListSchema } },
  createPackage: {
    guard: 'admin',
    body: tokenPackageInputSchema,
    response: { 201: tokenPackageResultSchema },
  },
  updatePackage: {
    guard: 'admin',
    params: idParamsSchema,
    body: tokenPackageUpdateSchema,
    response: { 200: tokenPackageResultSchema },
  },
  deletePackage: { guard: 'admin', params: idParamsSchema, response: { 200: tokenPackageResultSchema } },
  sales: { guard: 'admin', query: adminPageQuerySchema, response: { 200: salesPageSchema } },
  ledgerCheck: { guard: 'admin', response: { 200: ledgerCheckSchema } },
});
