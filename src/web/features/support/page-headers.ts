import type { PageHeaderText } from '@web/components/ui/page-header';

// The headings of this feature's pages: the page draws them, and the server sends them as HTML before
// the page's scripts arrive (app/routes.tsx `frame`).

export const SUPPORT_HEADER: PageHeaderText = {
  title: 'Support',
  description: 'Get help with your models or general account questions.',
};
