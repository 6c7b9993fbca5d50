import type { PageHeaderText } from '@web/components/ui/page-header';

// The headings of this feature's pages: the page draws them, and the server sends them as HTML before
// the page's scripts arrive (app/routes.tsx `frame`).

export const MODELS_HEADER: PageHeaderText = {
  title: 'My Models',
  description:
    'Each model learns your face from your photos. Train one, then use it to generate images of yourself in any style.',
};

export const CREATE_MODEL_HEADER: PageHeaderText = {
  title: 'Create a New Model',
  description: 'Upload photos of yourself to train a personal AI model.',
};
