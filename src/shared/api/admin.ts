import type { adminServer } from './admin.server';
import { endpoints } from './define';

/**
 * The admin area (everything under /api/admin/ is admin-only, http/guards.ts). The admin also
 * calls a few routes of other areas: models' status and re-upload, styles, support, theme.
 */
export const adminApi = endpoints<typeof adminServer>()({
  stats: { method: 'GET', path: '/api/admin/stats' },
  system: { method: 'GET', path: '/api/admin/system' },
  /** p75 of each Web Vital per page over the last `hours` (decision 057) */
  vitals: { method: 'GET', path: '/api/admin/vitals' },
  users: { method: 'GET', path: '/api/admin/users' },
  createUser: { method: 'POST', path: '/api/admin/users' },
  updateBalance: { method: 'POST', path: '/api/admin/users/update-balance' },
  toggleAdmin: { method: 'POST', path: '/api/admin/users/toggle-admin' },
  toggleNsfw: { method: 'POST', path: '/api/admin/users/toggle-nsfw' },
  setUserStatus: { method: 'POST', path: '/api/admin/users/set-status' },
  deleteUser: { method: 'DELETE', path: '/api/admin/users/:id' },
  /** spec part 2 §7 names it under /api/auth, but it resets another user's password */
  resetPassword: { method: 'POST', path: '/api/auth/reset-password' },
  outbox: { method: 'GET', path: '/api/admin/outbox' },
  audit: { method: 'GET', path: '/api/admin/audit' },
  images: { method: 'GET', path: '/api/admin/generated-images' },
  imageCount: { method: 'GET', path: '/api/admin/generated-images/count' },
  models: { method: 'GET', path: '/api/admin/models' },
  uploadLogs: { method: 'GET', path: '/api/admin/models/upload-logs' },
  retryUpload: { method: 'POST', path: '/api/admin/models/upload-logs/:id/retry' },
  packages: { method: 'GET', path: '/api/admin/token-packages' },
  createPackage: { method: 'POST', path: '/api/admin/token-packages' },
  updatePackage: { method: 'PATCH', path: '/api/admin/token-packages/:id' },
  deletePackage: { method: 'DELETE', path: '/api/admin/token-packages/:id' },
  sales: { method: 'GET', path: '/api/admin/sales' },
  ledgerCheck: { method: 'GET', path: '/api/admin/ledger-check' },
});
