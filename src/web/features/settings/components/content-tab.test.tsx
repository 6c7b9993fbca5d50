import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { resetToasts } from '@web/components/ui/use-toast';
import { useUser } from '@web/lib/session';
import { ContentTab } from './content-tab';

/** Stands in for the shell, which keeps the session query active in the app. */
function SessionObserver() {
  useUser();
  return null;
}

describe('ContentTab (NSFW switch)', () => {
  beforeEach(resetToasts);
  afterEach(cleanup);

  it('asks for age confirmation before turning on, and Cancel changes nothing', async () => {
    const { calls } = mockFetch({});
    renderWithProviders(<ContentTab user={makeUser()} />);
    const toggle = screen.getByRole('switch', { name: 'Enable NSFW Options' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('18+')).toBeTruthy();

    await userEvent.click(toggle);
    const dialog = await screen.findByRole('alertdialog', { name: 'Age Verification Required' });
    expect(dialog.textContent).toContain('You are at least 18 years old');
    expect(dialog.textContent).toContain('legally permitted to view adult content in your jurisdiction');
    expect(dialog.textContent).toContain('full responsibility for the content you generate');
    expect(dialog.textContent).toContain('will not generate or distribute illegal content');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((c) => c.path === '/api/user/nsfw-settings')).toBe(false);
  });

  it('saves after confirmation and refetches the user', async () => {
    const enabled = makeUser({ enableNSFW: true, enableNsfw: true });
    const { calls } = mockFetch({
      'POST /api/user/nsfw-settings': { body: { user: enabled } },
      'GET /api/auth/user': { body: { user: enabled } },
    });
    const client = createTestQueryClient();
    client.setQueryData(['/api/auth/user'], { user: makeUser() });
    renderWithProviders(
      <>
        <SessionObserver />
        <ContentTab user={makeUser()} />
      </>,
      { client },
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Enable NSFW Options' }));
    await userEvent.click(await screen.findByRole('button', { name: 'I Confirm I Am 18+ Years Old' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/user/nsfw-settings')?.body).toEqual({ enableNSFW: true }),
    );
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/user')).toBe(true));
  });

  it('turns off immediately without a dialog', async () => {
    const { calls } = mockFetch({ 'POST /api/user/nsfw-settings': { body: { user: makeUser() } } });
    renderWithProviders(<ContentTab user={makeUser({ enableNSFW: true, enableNsfw: true })} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Enable NSFW Options' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/user/nsfw-settings')?.body).toEqual({ enableNSFW: false }),
    );
  });
});
