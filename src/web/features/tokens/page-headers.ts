import type { PageHeaderText } from '@web/components/ui/page-header';

// The headings of this feature's pages: the page draws them, and the server sends them as HTML before
// the page's scripts arrive (app/routes.tsx `frame`).

export const PURCHASE_TOKENS_HEADER: PageHeaderText = {
  title: 'Purchase Tokens',
  description: 'Tokens pay for training your models and generating images. Pay as you go: no subscription.',
};
