import {
  accountDeletionResultSchema,
  dataExportResultSchema,
  deleteAccountSchema,
  latestDataExportSchema,
} from '../schemas/account-data';
import { idParamsSchema } from '../schemas/common';
import { privacySettingsSchema, updatePrivacySchema } from '../schemas/consent';
import { nsfwSettingsSchema, profileResultSchema, profileSchema, userResultSchema } from '../schemas/user';
import { serverSide } from './define';

/** The server's half of `accountApi`: who may call each route, what it validates and answers. */
export const accountServer = serverSide({
  updateProfile: { guard: 'user', body: profileSchema, response: { 200: profileResultSchema } },
  setNsfw: { guard: 'user', body: nsfwSettingsSchema, response: { 200: userResultSchema } },
  privacy: { guard: 'user', response: { 200: privacySettingsSchema } },
  setPrivacy: { guard: 'user', body: updatePrivacySchema, response: { 200: privacySettingsSchema } },
  requestExport: { guard: 'user', response: { 202: dataExportResultSchema } },
  latestExport: { guard: 'user', response: { 200: latestDataExportSchema } },
  export: { guard: 'user', params: idParamsSchema, response: { 200: dataExportResultSchema } },
  deleteAccount: { guard: 'user', body: deleteAccountSchema, response: { 202: accountDeletionResultSchema } },
});
