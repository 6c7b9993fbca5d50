import { lazy } from 'react';
import type { ImageLightbox as LightboxComponent } from './image-lightbox';

// The image overlays as lazy components for the pages that may open them (gallery, generator): their
// code, with Radix's dialog, loads the first time one opens (components/ui/overlay-on-demand.tsx).

/** Typed as the module's own export: lazy() would drop the lightbox's type parameter. */
export const LazyImageLightbox = lazy(() =>
  import('./image-lightbox').then((m) => ({ default: m.ImageLightbox })),
) as unknown as typeof LightboxComponent;

export const LazyImageDetailsDialog = lazy(() =>
  import('./image-details-dialog').then((m) => ({ default: m.ImageDetailsDialog })),
);
