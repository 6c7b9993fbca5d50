import type { PageHeaderText } from '@web/components/ui/page-header';

// The headings of this feature's pages: the page draws them, and the server sends them as HTML before
// the page's scripts arrive (app/routes.tsx `frame`).

export const PACKS_HEADER: PageHeaderText = {
  title: 'Photo Packs',
  description: 'A themed set of photos of you in one go: pick your model and a pack, pay once.',
};
