import type { adminApi } from '../admin';
import type { OperationDocs } from './operation-doc';

/** What each route of `adminApi` does, for the OpenAPI document (src/server/modules/api-keys/openapi.ts). */
export const adminDocs: OperationDocs<typeof adminApi> = {
  vitals: {
    summary: 'Read the real visits’ Web Vitals',
    description:
      'The 75th percentile of LCP, INP, CLS, TTFB and FCP per page over the last hours, with sample counts.',
  },
  stats: {
    summary: "Read the site's totals",
    description: 'Counts of users, models, images and tokens for the admin dashboard.',
  },
  system: {
    summary: "Read the system's health",
    description: "The database, storage, queue, vendors and mail as the admin's System tab shows them.",
  },
  users: {
    summary: 'List users',
    description: 'Users with their balance, status and role, searchable and paged.',
  },
  createUser: {
    summary: 'Create a user',
    description: 'Adds an account with a password and, optionally, admin rights.',
  },
  updateBalance: {
    summary: "Set a user's token balance",
    description:
      "Sets the balance to the given amount; the difference is written to the user's ledger as an admin adjustment.",
  },
  toggleAdmin: {
    summary: 'Grant or remove admin rights',
    description: 'Makes a user an admin or takes admin rights away (never your own).',
  },
  toggleNsfw: {
    summary: "Turn a user's NSFW options on or off",
    description: 'Sets whether NSFW styles and images are offered to the user.',
  },
  setUserStatus: {
    summary: 'Suspend or reactivate a user',
    description: 'A suspended user is signed out everywhere and cannot sign in.',
  },
  deleteUser: {
    summary: 'Delete a user',
    description: 'Deletes the account and everything stored about it.',
  },
  resetPassword: {
    summary: "Reset a user's password",
    description: 'Sets a new password for the user and ends their sessions.',
  },
  outbox: {
    summary: 'List outgoing mail',
    description: 'The mails the site has sent or is sending, newest first, with their state.',
  },
  audit: {
    summary: 'Read the admin audit log',
    description: 'Every admin action with who did it, when and what changed, newest first.',
  },
  images: {
    summary: 'List all generated images',
    description: "Every user's generated images for moderation, filterable and paged.",
  },
  imageCount: {
    summary: 'Count generated images',
    description: 'How many generated images match the given filters.',
  },
  models: {
    summary: 'List all models',
    description: "Every user's models with their training and hosting state.",
  },
  uploadLogs: {
    summary: 'List model upload logs',
    description: 'The uploads of trained models to the hosting vendor, with their errors.',
  },
  retryUpload: {
    summary: 'Retry a model upload',
    description: 'Runs a failed upload of a trained model to the hosting vendor again.',
  },
  packages: {
    summary: 'List token packages (admin)',
    description: 'Every token package, active or not, as the admin edits them.',
  },
  createPackage: {
    summary: 'Create a token package',
    description: 'Adds a package of tokens for sale with its price.',
  },
  updatePackage: {
    summary: 'Update a token package',
    description: "Changes a package's name, tokens, price or whether it is on sale.",
  },
  deletePackage: {
    summary: 'Delete a token package',
    description: 'Removes a package from sale; past purchases keep their record.',
  },
  sales: { summary: 'Read sales', description: 'Payments and refunds over a period, with their totals.' },
  ledgerCheck: {
    summary: 'Check the token ledger',
    description: 'Compares every balance with the sum of its ledger rows and lists any difference.',
  },
};
