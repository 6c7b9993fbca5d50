import { afterEach, describe, expect, it } from 'vitest';
import { Profiler, useState } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Label } from './label';
import { Switch } from './switch';

afterEach(cleanup);

function Field({ disabled = false }: { disabled?: boolean }) {
  const [on, setOn] = useState(false);
  return (
    <form>
      <Label htmlFor="nsfw">Show NSFW content</Label>
      <Switch id="nsfw" checked={on} onCheckedChange={setOn} disabled={disabled} aria-describedby="hint" />
      <p id="hint">Only for adults.</p>
    </form>
  );
}

describe('Switch', () => {
  it('is a named switch that the pointer, the keyboard and its label all toggle', async () => {
    const user = userEvent.setup();
    render(<Field />);
    const control = screen.getByRole('switch', { name: 'Show NSFW content' });
    expect(control.getAttribute('aria-checked')).toBe('false');
    expect(control.getAttribute('aria-describedby')).toBe('hint');
    await user.click(control);
    expect(control.getAttribute('aria-checked')).toBe('true');
    expect(control.dataset.state).toBe('checked');
    await user.keyboard(' ');
    expect(control.getAttribute('aria-checked')).toBe('false');
    await user.keyboard('{Enter}');
    expect(control.getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByText('Show NSFW content'));
    expect(control.getAttribute('aria-checked')).toBe('false');
    // a button in a form: toggling never submits it
    expect(control.getAttribute('type')).toBe('button');
  });

  it('does nothing while disabled', async () => {
    const user = userEvent.setup();
    render(<Field disabled />);
    const control = screen.getByRole('switch', { name: 'Show NSFW content' });
    await user.click(control);
    expect(control.getAttribute('aria-checked')).toBe('false');
  });

  it('while busy ignores presses but stays enabled, so the keyboard focus stays on it (issue 45 K1)', async () => {
    const user = userEvent.setup();
    const changes: boolean[] = [];
    render(<Switch aria-label="Mail me" checked={false} busy onCheckedChange={(on) => changes.push(on)} />);
    const control = screen.getByRole('switch', { name: 'Mail me' });
    control.focus();
    await user.keyboard('{Enter}');
    await user.click(control);
    expect(changes).toEqual([]);
    // a disabled button loses the focus in a browser; a busy switch is not disabled
    expect((control as HTMLButtonElement).disabled).toBe(false);
    expect(control.getAttribute('aria-disabled')).toBe('true');
    expect(control.getAttribute('aria-busy')).toBe('true');
    expect(document.activeElement).toBe(control);
  });

  it('mounts in one commit inside a form: nothing of its own is set once it is on the page', () => {
    const commits: string[] = [];
    act(() => {
      render(
        <Profiler id="field" onRender={(_id, phase) => commits.push(phase)}>
          <Field />
        </Profiler>,
      );
    });
    expect(commits).toEqual(['mount']);
  });
});
