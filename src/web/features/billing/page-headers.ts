import type { PageHeaderText } from '@web/components/ui/page-header';

// The headings of this feature's pages: the page draws them, and the server sends them as HTML before
// the page's scripts arrive (app/routes.tsx `frame`).

export const BILLING_HISTORY_HEADER: PageHeaderText = {
  title: 'Billing History',
  description: 'Your token purchases, usage and refunds.',
};
