import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { mockFetch } from '@web/testing/render';
import { PAGE_PATTERNS, pagePattern } from '@shared/page-routes';
import { appRoutes } from '@web/app/routes';
import { siteApi } from '@shared/api/site';
import { keyOf } from './api-client';
import { startWebVitals } from './web-vitals';

type Reporter = (m: object) => void;
const reporters: Record<string, Reporter> = {};
vi.mock('web-vitals', () => {
  const on = (name: string) => (cb: Reporter) => void (reporters[name] = cb);
  return { onCLS: on('CLS'), onFCP: on('FCP'), onINP: on('INP'), onLCP: on('LCP'), onTTFB: on('TTFB') };
});

describe('page patterns', () => {
  it('are the router’s paths, one for one (the server reads beacons by them)', () => {
    expect([...appRoutes.map((r) => r.path), '*'].sort()).toEqual([...PAGE_PATTERNS].sort());
  });

  it('read a concrete path as its pattern, static paths first', () => {
    expect(pagePattern('/models/123e4567-e89b-12d3-a456-426614174000')).toBe('/models/:id');
    expect(pagePattern('/models/create')).toBe('/models/create');
    expect(pagePattern('/Gallery/')).toBe('/gallery');
    expect(pagePattern('/nope')).toBeNull();
  });
});

describe('startWebVitals', () => {
  const beacons: { url: string; body: unknown }[] = [];
  beforeEach(() => {
    beacons.length = 0;
    for (const k of Object.keys(reporters)) delete reporters[k];
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, blob: Blob) => {
        void blob.text().then((t) => beacons.push({ url, body: JSON.parse(t) }));
        return true;
      },
    });
    window.history.replaceState(null, '', '/models/123e4567-e89b-12d3-a456-426614174000');
  });
  afterEach(() => window.history.replaceState(null, '', '/'));

  /** The sample rate GET /api/config answers; the calls the page made. */
  function sampleRate(rate: number) {
    return mockFetch({ 'GET /api/config': { body: { vitalsSampleRate: rate } } });
  }

  it('sends the route pattern and four fields of each vital: the load’s at once, the rest when the page is hidden', async () => {
    sampleRate(1);
    startWebVitals(new QueryClient(), Promise.resolve());
    await vi.waitFor(() => expect(reporters.INP).toBeDefined());
    reporters.LCP({ name: 'LCP', value: 1200, rating: 'good', entries: [document.body], id: 'v5-1' });
    // LCP is final when reported: it leaves before the page is hidden, under the route of the load
    await vi.waitFor(() => expect(beacons).toHaveLength(1));
    expect(beacons[0]).toEqual({
      url: '/api/vitals',
      body: { route: '/models/:id', name: 'LCP', value: 1200, rating: 'good' },
    });
    window.history.replaceState(null, '', '/gallery');
    reporters.INP({ name: 'INP', value: 240, rating: 'needs-improvement', entries: [], id: 'v5-2' });
    expect(beacons).toHaveLength(1);
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(beacons).toHaveLength(2));
    // INP is the page's where the interaction happened
    expect(beacons).toContainEqual({
      url: '/api/vitals',
      body: { route: '/gallery', name: 'INP', value: 240, rating: 'needs-improvement' },
    });
  });

  it("starts once the page is drawn and its reads are in, reading the rate from the page's own config", async () => {
    vi.useFakeTimers();
    try {
      const { calls } = sampleRate(1);
      // kept while the timers run, as the footer's observer keeps it in the app
      const client = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
      // the shell's footer has read the configuration already: no second request for it
      client.setQueryData(keyOf(siteApi.config), { vitalsSampleRate: 1 });
      let answer!: (value: string) => void;
      void client.fetchQuery({
        queryKey: ['page-list'],
        queryFn: () => new Promise<string>((r) => (answer = r)),
      });
      let drawn!: () => void;
      startWebVitals(client, new Promise<void>((r) => (drawn = r)));
      await vi.runAllTimersAsync();
      expect(reporters.INP).toBeUndefined();
      // drawn, but the page's list is still on its way
      drawn();
      // (a read that never ends holds it back five seconds at most)
      await vi.advanceTimersByTimeAsync(1000);
      expect(reporters.INP).toBeUndefined();
      answer('in');
      await vi.runAllTimersAsync();
      expect(reporters.INP).toBeDefined();
      expect(calls.some((c) => c.path === '/api/config')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('loads nothing and sends nothing on a page load outside the sample', async () => {
    const { calls } = sampleRate(0);
    startWebVitals(new QueryClient(), Promise.resolve());
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/config')).toBe(true));
    window.dispatchEvent(new Event('pagehide'));
    expect(reporters.INP).toBeUndefined();
    expect(beacons).toHaveLength(0);
  });
});
