import type { accountServer } from './account.server';
import { endpoints } from './define';

/**
 * The signed-in person's own account: profile, NSFW setting, privacy choices, data export and
 * deletion (server: modules/users, consent, data-exports, account-deletion).
 */
export const accountApi = endpoints<typeof accountServer>()({
  updateProfile: { method: 'PATCH', path: '/api/user/profile' },
  setNsfw: { method: 'POST', path: '/api/user/nsfw-settings' },
  privacy: { method: 'GET', path: '/api/user/privacy' },
  setPrivacy: { method: 'PUT', path: '/api/user/privacy' },
  requestExport: { method: 'POST', path: '/api/user/exports' },
  latestExport: { method: 'GET', path: '/api/user/exports/latest' },
  export: { method: 'GET', path: '/api/user/exports/:id' },
  deleteAccount: { method: 'DELETE', path: '/api/user/account' },
});
