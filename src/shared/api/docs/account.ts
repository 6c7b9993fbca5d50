import type { accountApi } from '../account';
import type { OperationDocs } from './operation-doc';

/** What each route of `accountApi` does, for the OpenAPI document (src/server/modules/api-keys/openapi.ts). */
export const accountDocs: OperationDocs<typeof accountApi> = {
  updateProfile: {
    summary: 'Update your profile',
    description:
      'Changes your username and e-mail address; a new e-mail address needs your current password and is verified again.',
  },
  setNsfw: {
    summary: 'Turn NSFW options on or off',
    description:
      'Sets whether NSFW styles and images are offered to you (turning it on confirms you are 18 or older).',
  },
  privacy: {
    summary: 'Read your privacy choices',
    description: 'Your face-analysis consent and when you last changed it.',
  },
  setPrivacy: {
    summary: 'Change your face-analysis consent',
    description:
      'Turns face analysis of your training photos on or off; turning it off deletes every stored face descriptor and likeness score of yours.',
  },
  requestExport: {
    summary: 'Request a copy of your data',
    description:
      'Starts building a download of everything stored about you; you are notified when it is ready.',
  },
  latestExport: {
    summary: 'Read your latest data export',
    description: 'The state of your most recent data export and, once ready, its download link.',
  },
  export: {
    summary: 'Download a data export',
    description: 'One of your data exports, as a zip file, while its link is valid.',
  },
  deleteAccount: {
    summary: 'Delete your account',
    description: 'Deletes your account and everything stored about you, after your password confirms it.',
  },
};
