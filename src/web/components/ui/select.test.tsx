import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shimRadixForJsdom } from '@web/testing/radix-jsdom';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

afterEach(cleanup);
beforeAll(shimRadixForJsdom);

const FRUITS = { apple: 'Apple', banana: 'Banana', cherry: 'Cherry' } as const;
type Fruit = keyof typeof FRUITS;

function Fruits({ onChange }: { onChange?: (v: Fruit) => void }) {
  const [value, setValue] = useState<Fruit>('banana');
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
          <SelectItem key={f} value={f}>
            {FRUITS[f]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

const trigger = () => screen.getByRole('combobox', { name: 'Fruit' });

describe('Select', () => {
  it('is a closed combobox named by its caller, showing the chosen label', () => {
    render(<Fruits />);
    expect(trigger().textContent).toBe('Banana');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('shows the placeholder, muted, while nothing is chosen', () => {
    render(
      <Select value={undefined}>
        <SelectTrigger aria-label="Fruit">
          <SelectValue placeholder="Pick a fruit" />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="apple">Apple</SelectItem>
        </SelectContent>
      </Select>,
    );
    expect(trigger().textContent).toBe('Pick a fruit');
    expect(trigger().hasAttribute('data-placeholder')).toBe(true);
  });

  it('lists the items when clicked and changes the value', async () => {
    const onChange = vi.fn();
    render(<Fruits onChange={onChange} />);
    await userEvent.click(trigger());
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Apple',
      'Banana',
      'Cherry',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Cherry' }));
    expect(onChange).toHaveBeenCalledWith('cherry');
    expect(trigger().textContent).toBe('Cherry');
  });

  it('opens with Enter on the chosen item', async () => {
    render(<Fruits />);
    trigger().focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('option'));
    expect(document.activeElement?.textContent).toBe('Banana');
  });

  it('picks an item by a letter typed on the focused, closed trigger', async () => {
    const onChange = vi.fn();
    render(<Fruits onChange={onChange} />);
    trigger().focus();
    await userEvent.keyboard('c');
    expect(onChange).toHaveBeenCalledWith('cherry');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
