import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContentfulPaint } from './boot';

// jsdom paints nothing: a stand-in PerformanceObserver lets the test say when the browser would
// report its paints
class FakePaintObserver {
  static supportedEntryTypes: string[] = ['paint'];
  static all: FakePaintObserver[] = [];
  disconnected = false;
  constructor(private readonly callback: PerformanceObserverCallback) {
    FakePaintObserver.all.push(this);
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  paint(name: 'first-paint' | 'first-contentful-paint') {
    const entries = [{ name, entryType: 'paint' }] as PerformanceEntry[];
    const list = { getEntriesByName: (n: string) => entries.filter((e) => e.name === n) };
    this.callback(list as PerformanceObserverEntryList, this as unknown as PerformanceObserver);
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakePaintObserver.all = [];
  FakePaintObserver.supportedEntryTypes = ['paint'];
  vi.stubGlobal('PerformanceObserver', FakePaintObserver);
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => setTimeout(() => cb(0), 16));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterFirstContentfulPaint', () => {
  it('starts the app a task after the first contentful paint, not after a first paint without content', () => {
    const start = vi.fn();
    afterFirstContentfulPaint(start);
    const [observer] = FakePaintObserver.all;
    observer.paint('first-paint');
    vi.advanceTimersByTime(100);
    expect(start).not.toHaveBeenCalled();
    observer.paint('first-contentful-paint');
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledTimes(1);
    expect(observer.disconnected).toBe(true);
    // the fallback's timer does not start it again
    vi.advanceTimersByTime(10_000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts anyway once the wait is over when no contentful paint came', () => {
    const start = vi.fn();
    afterFirstContentfulPaint(start, 3000);
    vi.advanceTimersByTime(2999);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('without paint timing, starts after the first frame', () => {
    FakePaintObserver.supportedEntryTypes = [];
    const start = vi.fn();
    afterFirstContentfulPaint(start);
    expect(FakePaintObserver.all).toHaveLength(0);
    vi.advanceTimersByTime(50);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
