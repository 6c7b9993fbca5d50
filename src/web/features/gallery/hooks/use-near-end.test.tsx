import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { useNearEnd } from './use-near-end';

// jsdom has no layout and no IntersectionObserver: a stand-in records what is watched and lets the
// test say when the browser would report the sentinel in reach
class FakeObserver {
  static all: FakeObserver[] = [];
  watched: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.watched.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
  report(isIntersecting: boolean) {
    const entries = this.watched.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}
const live = () => FakeObserver.all.filter((o) => !o.disconnected);

function List({ enabled, length, onNear }: { enabled: boolean; length: number; onNear: () => void }) {
  const ref = useNearEnd<HTMLDivElement>(onNear, { enabled, marginPx: 500, watch: length });
  return (
    <>
      <ul>
        {Array.from({ length }, (_, i) => (
          <li key={i}>{i}</li>
        ))}
      </ul>
      <div data-testid="end" ref={ref} />
    </>
  );
}

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useNearEnd', () => {
  it('watches the sentinel 500 px below the screen and asks for more when it comes in reach', () => {
    const onNear = vi.fn();
    const { getByTestId } = render(<List enabled length={3} onNear={onNear} />);
    expect(live()).toHaveLength(1);
    const [observer] = live();
    expect(observer.watched).toEqual([getByTestId('end')]);
    expect(observer.options.rootMargin).toBe('0px 0px 500px 0px');
    act(() => observer.report(false));
    expect(onNear).not.toHaveBeenCalled();
    act(() => observer.report(true));
    expect(onNear).toHaveBeenCalledTimes(1);
  });

  it('watches nothing while disabled (a page is loading, or there is none left)', () => {
    const onNear = vi.fn();
    const { rerender } = render(<List enabled={false} length={3} onNear={onNear} />);
    expect(live()).toHaveLength(0);
    rerender(<List enabled length={3} onNear={onNear} />);
    expect(live()).toHaveLength(1);
    rerender(<List enabled={false} length={3} onNear={onNear} />);
    expect(live()).toHaveLength(0);
  });

  it('starts watching again when the list grows, so a sentinel still in reach asks again', () => {
    const onNear = vi.fn();
    const { rerender } = render(<List enabled length={3} onNear={onNear} />);
    const first = live()[0];
    rerender(<List enabled length={6} onNear={onNear} />);
    expect(first.disconnected).toBe(true);
    expect(live()).toHaveLength(1);
    expect(live()[0]).not.toBe(first);
    // the latest callback is the one called, without a new observer for a new function
    const later = vi.fn();
    rerender(<List enabled length={6} onNear={later} />);
    expect(live()).toHaveLength(1);
    act(() => live()[0].report(true));
    expect(later).toHaveBeenCalledTimes(1);
    expect(onNear).not.toHaveBeenCalled();
  });
});
