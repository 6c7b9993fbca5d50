import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { formatVital, rateVital, VitalsTable } from './vitals-table';

afterEach(cleanup);

describe('VitalsTable', () => {
  it('shows each page’s p75 per vital with its rating and sample count, a dash where none came in', () => {
    render(
      <VitalsTable
        data={{
          hours: 24,
          vitals: [
            { route: '/generate', name: 'LCP', p75: 2100, samples: 40 },
            { route: '/generate', name: 'INP', p75: 350, samples: 12 },
            { route: '/generate', name: 'CLS', p75: 0.3, samples: 40 },
            { route: '/models/:id', name: 'TTFB', p75: 90, samples: 1 },
          ],
        }}
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Page', 'LCP p75', 'INP p75', 'CLS p75', 'TTFB p75', 'FCP p75']);
    const generate = screen.getByTestId('vitals-/generate');
    const cells = within(generate)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      '/generate',
      '2.1 s good40 samples',
      '350 ms needs improvement12 samples',
      '0.300 poor40 samples',
      '—',
      '—',
    ]);
    expect(within(screen.getByTestId('vitals-/models/:id')).getByText('1 sample')).toBeTruthy();
  });

  it('says so when no browser reported in the window', () => {
    render(<VitalsTable data={{ hours: 24, vitals: [] }} />);
    screen.getByText('No measurements from browsers in the last 24 hours.');
  });
});

describe('rating by web-vitals’ thresholds', () => {
  it('puts the edges where the library does: good up to the first, poor above the second', () => {
    expect(rateVital('LCP', 2500)).toBe('good');
    expect(rateVital('LCP', 2501)).toBe('needs-improvement');
    expect(rateVital('LCP', 4001)).toBe('poor');
    expect(rateVital('INP', 200)).toBe('good');
    expect(rateVital('INP', 500)).toBe('needs-improvement');
    expect(rateVital('CLS', 0.1)).toBe('good');
    expect(rateVital('CLS', 0.26)).toBe('poor');
    expect(rateVital('TTFB', 801)).toBe('needs-improvement');
    expect(rateVital('FCP', 3001)).toBe('poor');
    expect(formatVital('FCP', 999.6)).toBe('1000 ms');
    expect(formatVital('CLS', 0.05)).toBe('0.050');
  });
});
