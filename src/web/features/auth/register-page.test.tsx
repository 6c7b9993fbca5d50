import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, mockFetch } from '@web/testing/render';
import { resetToasts } from '@web/components/ui/use-toast';
import { makeUser } from '@web/testing/fixtures';
import { RegisterPage } from './register-page';

const user = makeUser({ emailVerified: false, tokenBalance: 50 });

function checklistItem(label: string) {
  const list = screen.getByRole('list', { name: 'Password requirements' });
  return within(list).getByText(label).closest('li')!;
}

describe('RegisterPage', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    resetToasts();
  });
  afterEach(cleanup);

  it('shows the hints and updates the password checklist as the person types', async () => {
    mockFetch({});
    renderWithProviders(<RegisterPage />, { route: '/register' });
    expect(screen.getByText('Your username will be visible to other users')).toBeTruthy();
    expect(screen.getByText("We'll send a verification link to this email")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');

    for (const label of ['At least 8 characters', 'Contains a letter', 'Contains a number']) {
      expect(checklistItem(label).dataset.met).toBe('false');
    }
    await userEvent.type(screen.getByLabelText('Password'), 'abc');
    expect(checklistItem('Contains a letter').dataset.met).toBe('true');
    expect(checklistItem('Contains a number').dataset.met).toBe('false');
    await userEvent.type(screen.getByLabelText('Password'), '12345');
    expect(checklistItem('At least 8 characters').dataset.met).toBe('true');
    expect(checklistItem('Contains a number').dataset.met).toBe('true');
  });

  it("shows the spec's validation messages on submit", async () => {
    const { calls } = mockFetch({});
    renderWithProviders(<RegisterPage />, { route: '/register' });
    await userEvent.type(screen.getByLabelText('Username'), 'ab');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'abcdefgh');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'different1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('Username must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must contain at least one letter and one number')).toBeTruthy();
    expect(screen.getByText("Passwords don't match")).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.path === '/api/auth/register')).toHaveLength(0);
  });

  it('sends the referral code from ?ref and goes to the dashboard', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/register': { status: 201, body: { user } } });
    renderWithProviders(<RegisterPage />, {
      route: '/register?ref=FRIEND42',
      path: '/register',
      routes: [{ path: '/dashboard', element: <p>Dashboard here</p> }],
    });
    await userEvent.type(screen.getByLabelText('Username'), 'ann_1');
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Quiet-Otter-9');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Quiet-Otter-9');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    const sent = calls.find((c) => c.path === '/api/auth/register');
    expect(sent?.body).toEqual({
      username: 'ann_1',
      email: 'ann@example.com',
      password: 'Quiet-Otter-9',
      referralCode: 'FRIEND42',
    });
    // Used once: the stored code is forgotten after a successful sign-up.
    expect(localStorage.getItem('referralCode')).toBeNull();
  });

  it('uses a referral code kept from the landing page', async () => {
    localStorage.setItem('referralCode', 'KEPT1');
    const { calls } = mockFetch({ 'POST /api/auth/register': { status: 201, body: { user } } });
    renderWithProviders(<RegisterPage />, { route: '/register' });
    await userEvent.type(screen.getByLabelText('Username'), 'ann_1');
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Quiet-Otter-9');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Quiet-Otter-9');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/register')).toBe(true));
    expect(
      (calls.find((c) => c.path === '/api/auth/register')?.body as { referralCode?: string }).referralCode,
    ).toBe('KEPT1');
  });

  it('marks a taken username on its field', async () => {
    mockFetch({
      'POST /api/auth/register': {
        status: 409,
        body: {
          error: 'Username already exists',
          message: 'Username already exists',
          code: 'CONFLICT',
          fields: { username: 'Username already exists' },
        },
      },
    });
    renderWithProviders(<RegisterPage />, { route: '/register' });
    await userEvent.type(screen.getByLabelText('Username'), 'ann_1');
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Quiet-Otter-9');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Quiet-Otter-9');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Username already exists')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/register');
  });
});
