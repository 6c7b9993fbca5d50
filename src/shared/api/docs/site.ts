import type { siteApi } from '../site';
import type { OperationDocs } from './operation-doc';

/** What each route of `siteApi` does, for the OpenAPI document (src/server/modules/api-keys/openapi.ts). */
export const siteDocs: OperationDocs<typeof siteApi> = {
  vitals: {
    summary: 'Report a page’s Web Vitals',
    description:
      "A browser's beacon of one measure (LCP, INP, CLS, TTFB or FCP) for the page pattern it loaded; no personal data.",
  },
  config: {
    summary: "Read the site's settings",
    description: 'What the app needs to start: prices, limits and which features are on.',
  },
  theme: { summary: 'Read the site theme', description: 'The colours, appearance and radius of the site.' },
  updateTheme: {
    summary: 'Change the site theme',
    description: "Sets the site's colours, appearance and radius for everyone.",
  },
  health: { summary: 'Check that the server is up', description: 'Answers while the process is running.' },
  ready: {
    summary: 'Check that the server is ready',
    description: 'Answers once the database and storage can be used.',
  },
  referrals: {
    summary: 'Read your referrals',
    description: 'Your referral code, the people who joined with it and the tokens it earned you.',
  },
};
