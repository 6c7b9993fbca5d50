import type { PageHeaderText } from '@web/components/ui/page-header';

// The headings of this feature's pages: the page draws them, and the server sends them as HTML before
// the page's scripts arrive (app/routes.tsx `frame`).

export const SETTINGS_HEADER: PageHeaderText = {
  title: 'Settings',
  description: 'Manage your account, security and content preferences.',
};
