import type { PageHeaderText } from '@web/components/ui/page-header';

// The headings of this feature's pages: the page draws them, and the server sends them as HTML before
// the page's scripts arrive (app/routes.tsx `frame`).

export const GENERATE_HEADER: PageHeaderText = {
  title: 'Generate Images',
  description: 'Describe a scene, pick your model and a style, and generate.',
};
