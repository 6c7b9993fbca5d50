import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Progress } from './progress';

afterEach(cleanup);

describe('Progress', () => {
  it('fills as wide as the share done, clamped to the track (issue 45 N5)', () => {
    render(
      <>
        <Progress value={87.5} aria-label="Seven of eight" />
        <Progress value={140} aria-label="Over" />
        <Progress value={null} aria-label="Unknown" />
      </>,
    );
    const fill = (name: string) =>
      (screen.getByRole('progressbar', { name }).firstElementChild as HTMLElement).style;
    expect(fill('Seven of eight').width).toBe('87.5%');
    expect(fill('Seven of eight').transform).toBe('');
    expect(fill('Over').width).toBe('100%');
    expect(fill('Unknown').width).toBe('0%');
  });
});
