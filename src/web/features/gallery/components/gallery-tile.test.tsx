import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { GeneratedImageView } from '@shared/schemas/generation';
import { GalleryTile } from './gallery-tile';

const prompt = `a portrait of a woman in a red coat standing in the rain at night, ${'cinematic light, '.repeat(150)}`;
const image = {
  id: 'i1',
  imageUrl: '/files/u/u1/i1.jpg',
  thumbnailUrl: '/files/u/u1/i1-thumb.webp',
  width: 1024,
  height: 1024,
  prompt,
  negativePrompt: '',
  tokensUsed: 30,
  isNSFW: false,
  createdAt: '2025-01-01T10:00:00Z',
  modelId: null,
  modelName: null,
  styleId: null,
  styleName: null,
  baseModelId: 'b1',
  baseModelName: 'FLUX.1 Dev',
  seed: null,
  generationId: 'g1',
} as GeneratedImageView;

describe('GalleryTile', () => {
  afterEach(cleanup);

  it('names the open button with the start of a long prompt, not the whole of it', () => {
    const noop = () => {};
    render(
      <ul>
        <GalleryTile image={image} hideNsfw={false} onOpen={noop} onDownload={noop} onDetails={noop} />
      </ul>,
    );
    const open = screen.getByRole('button', { name: /^Open image: a portrait of a woman/ });
    const name = open.getAttribute('aria-label')!;
    expect(name.length).toBeLessThanOrEqual('Open image: '.length + 61);
    expect(name.endsWith('…')).toBe(true);
    expect(screen.getByRole('img').getAttribute('alt')!.length).toBeLessThanOrEqual(61);
  });
});
