import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shimRadixForJsdom } from '@web/testing/radix-jsdom';

afterEach(cleanup);
beforeAll(shimRadixForJsdom);

const FRUITS = { apple: 'Apple', banana: 'Banana', cherry: 'Cherry' } as const;
type Fruit = keyof typeof FRUITS;
const rendered = vi.fn();

// Each test takes a fresh copy of ./select, whose Radix code is not loaded yet: the page's state.
let ui: typeof import('./select');
beforeEach(async () => {
  vi.resetModules();
  ui = await import('./select');
});

function Fruits({ onChange }: { onChange?: (v: Fruit) => void }) {
  const { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } = ui;
  const [value, setValue] = useState<Fruit>('banana');
  function Item({ value: v }: { value: Fruit }) {
    rendered(v);
    return <SelectItem value={v}>{FRUITS[v]}</SelectItem>;
  }
  return (
    <Select
      value={value}
      onValueChange={(v) => {
        setValue(v as Fruit);
        onChange?.(v as Fruit);
      }}
    >
      <SelectTrigger aria-label="Fruit">
        <SelectValue>{FRUITS[value]}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        {(Object.keys(FRUITS) as Fruit[]).map((f) => (
          <Item key={f} value={f} />
        ))}
      </SelectContent>
    </Select>
  );
}

const trigger = () => screen.getByRole('combobox', { name: 'Fruit' });
// Radix's trigger names its text direction; the plain one does not
const isRadix = () => trigger().getAttribute('dir') === 'ltr';

/** The open list shows every fruit in order; choosing Cherry reports it and shows it on the trigger. */
async function listsAllAndPicksCherry(onChange: ReturnType<typeof vi.fn>) {
  expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
    'Apple',
    'Banana',
    'Cherry',
  ]);
  await userEvent.click(screen.getByRole('option', { name: 'Cherry' }));
  expect(onChange).toHaveBeenCalledWith('cherry');
  expect(trigger().textContent).toBe('Cherry');
}

describe('Select, before its code is wanted', () => {
  it('is a plain combobox with the chosen label and no items', () => {
    rendered.mockClear();
    render(<Fruits />);
    expect(trigger().textContent).toBe('Banana');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(isRadix()).toBe(false);
    expect(rendered).not.toHaveBeenCalled();
  });

  it('shows the placeholder, muted, while nothing is chosen, as Radix’s trigger does', async () => {
    const { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } = ui;
    // a chosen value the page cannot name yet (its list is still loading) is passed as none
    render(
      <Select value={undefined}>
        <SelectTrigger aria-label="Fruit">
          <SelectValue placeholder="Pick a fruit">{undefined}</SelectValue>
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="apple">Apple</SelectItem>
        </SelectContent>
      </Select>,
    );
    expect(isRadix()).toBe(false);
    expect(trigger().textContent).toBe('Pick a fruit');
    expect(trigger().hasAttribute('data-placeholder')).toBe(true);
    fireEvent.pointerEnter(trigger(), { pointerType: 'mouse' });
    await waitFor(() => expect(isRadix()).toBe(true));
    expect(trigger().textContent).toBe('Pick a fruit');
    expect(trigger().hasAttribute('data-placeholder')).toBe(true);
  });

  it('becomes Radix’s select when the mouse comes over it, still closed', async () => {
    render(<Fruits />);
    fireEvent.pointerEnter(trigger(), { pointerType: 'mouse' });
    await waitFor(() => expect(isRadix()).toBe(true));
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens once its code is in when pressed before, and changes the value', async () => {
    const onChange = vi.fn();
    render(<Fruits onChange={onChange} />);
    fireEvent.pointerDown(trigger(), { button: 0, pointerType: 'mouse' });
    await listsAllAndPicksCherry(onChange);
  });

  it('opens once its code is in when a screen reader activates it before (a click with no press)', async () => {
    render(<Fruits />);
    fireEvent.click(trigger(), { detail: 0 });
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toHaveLength(3);
  });

  it('keeps the keyboard: Enter pressed before its code is in opens it on the chosen item', async () => {
    render(<Fruits />);
    trigger().focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('option'));
    expect(document.activeElement?.textContent).toBe('Banana');
  });

  it('gives the focus to Radix’s trigger when the plain one had it', async () => {
    render(<Fruits />);
    trigger().focus();
    await waitFor(() => expect(isRadix()).toBe(true));
    expect(document.activeElement).toBe(trigger());
  });

  it('still picks an item by a letter typed on the focused, closed trigger before its code is in', async () => {
    const onChange = vi.fn();
    render(<Fruits onChange={onChange} />);
    trigger().focus();
    await userEvent.keyboard('c');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('cherry'));
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('Select, once its code is in', () => {
  beforeEach(() => ui.preloadSelect());

  it('shows the chosen label without mounting a closed list', () => {
    rendered.mockClear();
    render(<Fruits />);
    expect(isRadix()).toBe(true);
    expect(trigger().textContent).toBe('Banana');
    expect(rendered).not.toHaveBeenCalled();
  });

  it('lists the items when clicked and changes the value', async () => {
    const onChange = vi.fn();
    render(<Fruits onChange={onChange} />);
    await userEvent.click(trigger());
    await listsAllAndPicksCherry(onChange);
  });

  it('still picks an item by typing on the focused, closed trigger', async () => {
    const onChange = vi.fn();
    render(<Fruits onChange={onChange} />);
    trigger().focus();
    await userEvent.keyboard('c');
    expect(onChange).toHaveBeenCalledWith('cherry');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
