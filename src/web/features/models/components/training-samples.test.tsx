import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { TrainingSamples } from './training-samples';

const samples = [
  { url: '/files/u/a/models/m/samples/0-step-1000.jpg', step: 1000 },
  { url: '/files/u/a/models/m/samples/1-step-1000.jpg', step: 1000 },
  { url: '/files/u/a/models/m/samples/2.jpg', step: null },
];

describe('TrainingSamples', () => {
  afterEach(cleanup);

  it('shows each sample under a "Training samples" heading with its step and alt text, linked to the full image', () => {
    render(<TrainingSamples samples={samples} />);
    const section = screen
      .getByRole('heading', { level: 2, name: 'Training samples' })
      .closest('div')!.parentElement!;
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const images = within(section).getAllByRole('img');
    expect(images.map((i) => i.getAttribute('alt'))).toEqual([
      'Training sample 1, step 1000',
      'Training sample 2, step 1000',
      'Training sample 3',
    ]);
    expect(images.map((i) => i.getAttribute('src'))).toEqual(samples.map((s) => s.url));
    expect(within(items[0]).getByText('Step 1000')).toBeTruthy();
    expect(within(items[2]).getByText('Sample 3')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Open training sample 2, step 1000' });
    expect(link.getAttribute('href')).toBe(samples[1].url);
    // two to a row at the narrowest width (360 px), four from the small breakpoint
    expect(screen.getByRole('list').className).toMatch(/(^| )grid-cols-2( |$)/);
    expect(screen.getByRole('list').className).toMatch(/sm:grid-cols-4/);
  });

  it('draws nothing for a model without samples', () => {
    const { container } = render(<TrainingSamples samples={[]} />);
    expect(container.innerHTML).toBe('');
    render(<TrainingSamples samples={undefined} />);
    expect(screen.queryByText('Training samples')).toBeNull();
  });
});
