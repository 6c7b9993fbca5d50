import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shimRadixForJsdom } from '@web/testing/radix-jsdom';
import { WithTooltip } from './tooltip';

afterEach(cleanup);
beforeAll(shimRadixForJsdom);

describe('WithTooltip', () => {
  it('opens on keyboard focus and closes with Escape, the trigger keeping its name', async () => {
    const user = userEvent.setup();
    // Tab from a text field, whose focus is always visible: jsdom's `:focus-visible` (dom-selector)
    // keeps the last element it matched across the files sharing this jsdom (vitest.config.ts), and a
    // Tab from the page's start then did not match when that element had been removed (seen in 1 of 8
    // runs: after switch.test.tsx). A browser matches either way (tests/e2e/public-pages.test.ts).
    render(
      <>
        <input aria-label="Search" />
        <WithTooltip content="Built-in offline engines are in use.">
          <button type="button" aria-label="Offline mode. Built-in offline engines are in use.">
            Offline mode
          </button>
        </WithTooltip>
      </>,
    );
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Search' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Offline mode/ }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Built-in offline engines are in use.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
