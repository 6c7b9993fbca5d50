import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

afterEach(cleanup);

function Months({
  activationMode,
  onValueChange,
}: {
  activationMode?: 'automatic' | 'manual';
  onValueChange?: (v: string) => void;
}) {
  const [month, setMonth] = useState('2026-11');
  return (
    <Tabs
      value={month}
      onValueChange={(v) => {
        setMonth(v);
        onValueChange?.(v);
      }}
      activationMode={activationMode}
    >
      <TabsList>
        <TabsTrigger value="2026-11">November 2026</TabsTrigger>
        <TabsTrigger value="2026-10">October 2026</TabsTrigger>
        <TabsTrigger value="unknown" disabled>
          Unknown Date
        </TabsTrigger>
        <TabsTrigger value="2026-09">September 2026</TabsTrigger>
      </TabsList>
      <TabsContent value="2026-11">Rows of November</TabsContent>
      <TabsContent value="2026-10">Rows of October</TabsContent>
      <TabsContent value="2026-09">Rows of September</TabsContent>
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('names each panel by its tab, renders only the selected one, and has one tab stop', async () => {
    const user = userEvent.setup();
    render(<Months />);
    const panel = screen.getByRole('tabpanel', { name: 'November 2026' });
    expect(panel.textContent).toBe('Rows of November');
    expect(tab('November 2026').getAttribute('aria-controls')).toBe(panel.id);
    expect(tab('November 2026').getAttribute('aria-selected')).toBe('true');
    expect(tab('October 2026').getAttribute('aria-selected')).toBe('false');
    expect(screen.queryByText('Rows of October')).toBeNull();
    expect(screen.getByRole('tablist').getAttribute('aria-orientation')).toBe('horizontal');
    // Tab enters the list on the selected tab and leaves it for the panel
    await user.tab();
    expect(document.activeElement).toBe(tab('November 2026'));
    await user.tab();
    expect(document.activeElement).toBe(panel);
  });

  it('keeps a tab stop on the first enabled tab when the value matches no tab', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(
      <Tabs value="gone" onValueChange={onValueChange}>
        <TabsList>
          <TabsTrigger value="off" disabled>
            Off
          </TabsTrigger>
          <TabsTrigger value="one">One</TabsTrigger>
          <TabsTrigger value="two">Two</TabsTrigger>
        </TabsList>
      </Tabs>,
    );
    await user.tab();
    expect(document.activeElement).toBe(tab('One'));
    // automatic activation: reaching it selects it, as a click would
    expect(onValueChange).toHaveBeenCalledWith('one');
  });

  it('selects as the arrows move the focus, skipping a disabled tab and wrapping; Home and End', async () => {
    const user = userEvent.setup();
    render(<Months />);
    await user.tab();
    expect(document.activeElement).toBe(tab('November 2026'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('October 2026'));
    expect(screen.getByRole('tabpanel').textContent).toBe('Rows of October');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('September 2026'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('November 2026'));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab('September 2026'));
    await user.keyboard('{Home}');
    expect(screen.getByRole('tabpanel').textContent).toBe('Rows of November');
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel').textContent).toBe('Rows of September');
    // Tab leaves the list for the panel
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel'));
  });

  it('with manual activation, arrows only move the focus; Enter, Space or a click select', async () => {
    const user = userEvent.setup();
    const changed = vi.fn();
    render(<Months activationMode="manual" onValueChange={changed} />);
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('October 2026'));
    expect(screen.getByRole('tabpanel').textContent).toBe('Rows of November');
    expect(changed).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('tabpanel').textContent).toBe('Rows of October');
    await user.keyboard('{ArrowRight}{ArrowRight} ');
    expect(screen.getByRole('tabpanel').textContent).toBe('Rows of November');
    await user.click(tab('September 2026'));
    expect(screen.getByRole('tabpanel').textContent).toBe('Rows of September');
    expect(changed.mock.calls.map(([v]) => v)).toEqual(['2026-10', '2026-11', '2026-09']);
  });

  it('keeps its own value when not controlled', async () => {
    const user = userEvent.setup();
    render(
      <Tabs defaultValue="open">
        <TabsList>
          <TabsTrigger value="open">Open Tickets (1)</TabsTrigger>
          <TabsTrigger value="resolved">Resolved (0)</TabsTrigger>
        </TabsList>
        <TabsContent value="open">One ticket</TabsContent>
        <TabsContent value="resolved">No resolved tickets</TabsContent>
      </Tabs>,
    );
    await user.click(tab('Resolved (0)'));
    expect(screen.getByRole('tabpanel', { name: 'Resolved (0)' }).textContent).toBe('No resolved tickets');
  });
});
