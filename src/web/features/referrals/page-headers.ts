import type { PageHeaderText } from '@web/components/ui/page-header';

// The headings of this feature's pages: the page draws them, and the server sends them as HTML before
// the page's scripts arrive (app/routes.tsx `frame`).

export const REFERRALS_HEADER: PageHeaderText = {
  title: 'Referrals',
  description: 'Invite friends to LoRA Studio and you both get bonus tokens.',
};
