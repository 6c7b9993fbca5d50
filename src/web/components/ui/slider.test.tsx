import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shimRadixForJsdom } from '@web/testing/radix-jsdom';
import { Slider } from './slider';

afterEach(cleanup);
beforeAll(shimRadixForJsdom);

function Weight({ labelled }: { labelled?: boolean }) {
  const [value, setValue] = useState([1]);
  return (
    <>
      <span id="weight-label">Model weight</span>
      <Slider
        min={0}
        max={2}
        step={0.05}
        value={value}
        onValueChange={([v]) => setValue([Math.round(v * 100) / 100])}
        {...(labelled ? { 'aria-labelledby': 'weight-label' } : { thumbLabels: ['Model weight'] })}
      />
      <output>{value[0].toFixed(2)}</output>
    </>
  );
}

describe('slider', () => {
  it('names its thumb and reports its value', () => {
    render(<Weight />);
    const thumb = screen.getByRole('slider', { name: 'Model weight' });
    expect(thumb.getAttribute('aria-valuenow')).toBe('1');
    expect(thumb.getAttribute('aria-valuemin')).toBe('0');
    expect(thumb.getAttribute('aria-valuemax')).toBe('2');
  });

  it('is named by a visible label too', () => {
    render(<Weight labelled />);
    expect(screen.getByRole('slider', { name: 'Model weight' })).toBeTruthy();
  });

  it('moves with the keyboard: arrows by a step, PageUp/PageDown by ten, Home/End to the ends', async () => {
    const user = userEvent.setup();
    render(<Weight />);
    const thumb = screen.getByRole('slider', { name: 'Model weight' });
    thumb.focus();
    await user.keyboard('{ArrowRight}');
    expect(thumb.getAttribute('aria-valuenow')).toBe('1.05');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(thumb.getAttribute('aria-valuenow')).toBe('0.95');
    await user.keyboard('{PageUp}');
    expect(thumb.getAttribute('aria-valuenow')).toBe('1.45');
    await user.keyboard('{PageDown}');
    expect(thumb.getAttribute('aria-valuenow')).toBe('0.95');
    await user.keyboard('{End}');
    expect(thumb.getAttribute('aria-valuenow')).toBe('2');
    expect(screen.getByText('2.00')).toBeTruthy();
    await user.keyboard('{Home}');
    expect(thumb.getAttribute('aria-valuenow')).toBe('0');
  });
});
