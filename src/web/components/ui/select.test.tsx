import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';
import { shimRadixForJsdom } from '@web/testing/radix-jsdom';

afterEach(cleanup);
beforeAll(shimRadixForJsdom);

const FRUITS = { apple: 'Apple', banana: 'Banana', cherry: 'Cherry' } as const;
type Fruit = keyof typeof FRUITS;
const rendered = vi.fn();

function Item({ value }: { value: Fruit }) {
  rendered(value);
  return <SelectItem value={value}>{FRUITS[value]}</SelectItem>;
}

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
          <Item key={f} value={f} />
        ))}
      </SelectContent>
    </Select>
  );
}

describe('Select', () => {
  it('shows the chosen label without mounting a closed list', () => {
    rendered.mockClear();
    render(<Fruits />);
    expect(screen.getByRole('combobox', { name: 'Fruit' }).textContent).toBe('Banana');
    expect(rendered).not.toHaveBeenCalled();
  });

  it('lists the items when opened and changes the value', async () => {
    const onChange = vi.fn();
    render(<Fruits onChange={onChange} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Fruit' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Apple',
      'Banana',
      'Cherry',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Cherry' }));
    expect(onChange).toHaveBeenCalledWith('cherry');
    expect(screen.getByRole('combobox', { name: 'Fruit' }).textContent).toBe('Cherry');
  });

  it('still picks an item by typing on the focused, closed trigger', async () => {
    const onChange = vi.fn();
    render(<Fruits onChange={onChange} />);
    screen.getByRole('combobox', { name: 'Fruit' }).focus();
    await userEvent.keyboard('c');
    expect(onChange).toHaveBeenCalledWith('cherry');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
