import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shimRadixForJsdom } from '@web/testing/radix-jsdom';
import { TooltipOnDemand } from './tooltip-on-demand';

afterEach(cleanup);
beforeAll(shimRadixForJsdom);

function Footer() {
  return (
    <>
      <button type="button">Before</button>
      <TooltipOnDemand content="Built-in offline engines are in use.">
        <button type="button">Offline mode</button>
      </TooltipOnDemand>
      <button type="button">After</button>
    </>
  );
}

describe('TooltipOnDemand', () => {
  it('keeps the keyboard on the trigger while its chunk loads, then opens the tooltip', async () => {
    const user = userEvent.setup();
    render(<Footer />);
    // every focus change on the way, to catch a drop to <body> between the two drawings of the trigger
    const seen: string[] = [];
    document.addEventListener('focusin', (e) => seen.push((e.target as HTMLElement).textContent ?? ''));
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Offline mode' }));
    expect((await screen.findByRole('tooltip')).textContent).toContain('Built-in offline engines');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Offline mode' }));
    expect(document.activeElement).not.toBe(document.body);
    // and the next Tab goes on from there, not from the top of the page
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
    expect(seen[0]).toBe('Before');
    expect(seen.at(-1)).toBe('After');
  });

  it('does not take the focus back when the keyboard has moved on before the chunk came', async () => {
    const user = userEvent.setup();
    render(<Footer />);
    await user.tab();
    await user.tab();
    await user.tab();
    // the chunk is cached by now in this process; the trigger swaps in without the focus
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens for a pointer that rests on the trigger while the chunk loads, and not for one that left', async () => {
    const user = userEvent.setup();
    render(<Footer />);
    // no move after the hover: the swapped-in trigger never sees the pointer move over it
    await user.hover(screen.getByRole('button', { name: 'Offline mode' }));
    expect((await screen.findByRole('tooltip', {}, { timeout: 3000 })).textContent).toContain(
      'Built-in offline engines',
    );
    cleanup();

    render(<Footer />);
    await user.hover(screen.getByRole('button', { name: 'Offline mode' }));
    // the first move lands elsewhere: the hover is over, and no tooltip comes after the delay
    await user.hover(screen.getByRole('button', { name: 'After' }));
    await new Promise((r) => setTimeout(r, 900));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
