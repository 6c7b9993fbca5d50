import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SiteFooter } from './site-footer';

afterEach(cleanup);

describe('SiteFooter', () => {
  it('links Terms, Privacy and Contact under one "Legal" navigation', () => {
    render(
      <MemoryRouter>
        <SiteFooter variant="public" />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Legal' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/terms', '/privacy', '/contact']);
    expect(screen.getByText(/All rights reserved\./)).toBeTruthy();
  });

  it('shows what the app puts beside the links, without the public footer’s line', () => {
    render(
      <MemoryRouter>
        <SiteFooter variant="app">
          <span>Offline</span>
        </SiteFooter>
      </MemoryRouter>,
    );
    expect(screen.getByText('Offline')).toBeTruthy();
    expect(screen.queryByText(/All rights reserved/)).toBeNull();
    expect(screen.getByRole('contentinfo').textContent).toContain(
      `© ${new Date().getFullYear()} LoRA Studio`,
    );
  });
});
