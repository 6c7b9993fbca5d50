import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BaseModel, UserModel } from '../api/generate-api';
import { ModelStack } from './model-stack';
import { shimRadixForJsdom } from '@web/testing/radix-jsdom';

// these tests are about the page; the select's own loading is tested in components/ui/select.test.tsx

const bases: BaseModel[] = [
  {
    id: 'b-dev',
    name: 'FLUX.1 Dev',
    description: '',
    tokenCost: 15,
    isDefault: true,
    architecture: 'flux1d',
  },
  {
    id: 'b-xl',
    name: 'Juggernaut XL',
    description: '',
    tokenCost: 20,
    isDefault: false,
    architecture: 'sdxl',
  },
];
const models = [{ id: 'm-ready', name: 'Me ready', status: 'ready' }] as UserModel[];

afterEach(cleanup);
beforeAll(shimRadixForJsdom);

function stack(over: Partial<Parameters<typeof ModelStack>[0]> = {}) {
  const onChange = vi.fn();
  render(
    <ModelStack
      baseModels={bases}
      models={models}
      styles={[]}
      baseModelId="b-xl"
      modelId={null}
      styleId={null}
      loraStrength={1}
      onChange={onChange}
      {...over}
    />,
  );
  return onChange;
}

describe('ModelStack base models', () => {
  it('offers every base without a personal model, only FLUX bases with one', async () => {
    stack();
    await userEvent.click(screen.getByRole('combobox', { name: 'Base model' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'FLUX.1 Dev · 15 tokens',
      'Juggernaut XL · 20 tokens',
    ]);
    cleanup();
    stack({ modelId: 'm-ready', baseModelId: 'b-dev' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Base model' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'FLUX.1 Dev · 15 tokens',
    ]);
  });

  it('shows the placeholder, not a blank, for a stored base the list does not name yet', () => {
    stack({ baseModels: [] });
    expect(screen.getByRole('combobox', { name: 'Base model' }).textContent).toBe('Select a base model');
    cleanup();
    stack();
    expect(screen.getByRole('combobox', { name: 'Base model' }).textContent).toBe(
      'Juggernaut XL · 20 tokens',
    );
  });

  it('choosing a personal model on an SDXL base switches to the default FLUX base', async () => {
    const onChange = stack();
    await userEvent.click(screen.getByRole('combobox', { name: 'Your Model' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Me ready' }));
    expect(onChange).toHaveBeenCalledWith({ modelId: 'm-ready', baseModelId: 'b-dev' });
  });
});
