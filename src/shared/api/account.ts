import {
  accountDeletionResultSchema,
  dataExportResultSchema,
  deleteAccountSchema,
  latestDataExportSchema,
} from '../schemas/account-data';
import { idParamsSchema } from '../schemas/common';
import { privacySettingsSchema, updatePrivacySchema } from '../schemas/consent';
import { nsfwSettingsSchema, profileResultSchema, profileSchema, userResultSchema } from '../schemas/user';
import { defineRoute } from './define';

/**
 * The signed-in person's own account: profile, NSFW setting, privacy choices, data export and
 * deletion (server: modules/users, consent, data-exports, account-deletion).
 */
export const accountApi = {
  updateProfile: defineRoute({
    method: 'PATCH',
    path: '/api/user/profile',
    body: profileSchema,
    response: { 200: profileResultSchema },
  }),
  setNsfw: defineRoute({
    method: 'POST',
    path: '/api/user/nsfw-settings',
    body: nsfwSettingsSchema,
    response: { 200: userResultSchema },
  }),
  privacy: defineRoute({
    method: 'GET',
    path: '/api/user/privacy',
    response: { 200: privacySettingsSchema },
  }),
  setPrivacy: defineRoute({
    method: 'PUT',
    path: '/api/user/privacy',
    body: updatePrivacySchema,
    response: { 200: privacySettingsSchema },
  }),
  requestExport: defineRoute({
    method: 'POST',
    path: '/api/user/exports',
    response: { 202: dataExportResultSchema },
  }),
  latestExport: defineRoute({
    method: 'GET',
    path: '/api/user/exports/latest',
    response: { 200: latestDataExportSchema },
  }),
  export: defineRoute({
    method: 'GET',
    path: '/api/user/exports/:id',
    params: idParamsSchema,
    response: { 200: dataExportResultSchema },
  }),
  deleteAccount: defineRoute({
    method: 'DELETE',
    path: '/api/user/account',
    body: deleteAccountSchema,
    response: { 202: accountDeletionResultSchema },
  }),
};
