import { siteApi } from '@shared/api/site';
import { pagePattern } from '@shared/page-routes';
import type { VitalBeacon } from '@shared/schemas/vitals';
import type { QueryClient } from '@tanstack/react-query';
import { apiQuery } from './api-client';

type Pending = Map<VitalBeacon['name'], VitalBeacon>;

/** The page's route pattern (`/models/:id`): a beacon never carries the ids of a concrete path. */
const currentRoute = () => pagePattern(window.location.pathname) ?? '*';

function send(beacon: VitalBeacon) {
  const body = JSON.stringify(beacon);
  // sendBeacon outlives the page (it is sent while the tab closes); a browser that refuses it
  // (queue full, an old engine) gets a keepalive fetch, which may also outlive the page
  const queued =
    typeof navigator.sendBeacon === 'function' &&
    navigator.sendBeacon(siteApi.vitals.path, new Blob([body], { type: 'application/json' }));
  if (!queued)
    void fetch(siteApi.vitals.path, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body,
    }).catch(() => {});
}

/**
 * Real-user Web Vitals (docs/decisions/057-web-vitals.md): once the page has loaded, the app has drawn
 * it (`firstRender`) and its first reads are in, a sampled share of page loads (`vitalsSampleRate` of
 * GET /api/config) loads the `web-vitals` library and reports LCP, INP, CLS, TTFB and FCP to
 * POST /api/vitals, each under its route pattern. LCP, FCP and TTFB belong to the page the browser
 * loaded; INP and CLS keep changing while the person moves around the app, so each change is noted with
 * the route it happened on, and the last of each is sent when the tab is hidden (switched away, closed,
 * or left for another site); the load's three are sent as soon as they are final.
 */
export function startWebVitals(client: QueryClient, firstRender: Promise<unknown>): void {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  void Promise.all([loaded, firstRender])
    .then(() => readsSettled(client))
    .then(() => afterNextPaint(() => void report(client)));
}

/**
 * Resolves once none of the page's reads is in flight (what it draws first is in), or after `capMs`.
 * The library reads the entries it missed from the browser's buffer (its README: "you do not need to
 * load this library early"), and its download, its config read and its first beacons would otherwise
 * compete with the page's own requests and render.
 */
function readsSettled(client: QueryClient, capMs = 5000): Promise<void> {
  return new Promise((resolve) => {
    if (client.isFetching() === 0) return resolve();
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, capMs);
    const unsubscribe = client.getQueryCache().subscribe(() => {
      if (client.isFetching() === 0) done();
    });
  });
}

/**
 * Runs `fn` once what the last reads brought is drawn and the browser has a moment to spare: the
 * timeout lets the query library hand the answers to React (its notifications go out in a timeout of
 * their own, queued before this one), the frame is the one React's render is painted in.
 */
function afterNextPaint(fn: () => void) {
  setTimeout(
    () =>
      requestAnimationFrame(() => {
        if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 2000 });
        else setTimeout(fn, 0);
      }),
    0,
  );
}

async function report(client: QueryClient) {
  let rate: number;
  try {
    // the page's own read when it made one (the shell's footer does): no second request. A
    // pre-rendered page is hydrated by now, so a config in the cache cannot change what it drew.
    rate = (await client.ensureQueryData(apiQuery(siteApi.config))).vitalsSampleRate;
  } catch {
    return;
  }
  if (!(Math.random() < rate)) return;
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
  type Metric = { name: VitalBeacon['name']; value: number; rating: VitalBeacon['rating'] };
  // only these four fields leave the browser (the library's metric also holds DOM entries)
  const beacon = (route: string, { name, value, rating }: Metric): VitalBeacon => ({
    route,
    name,
    value,
    rating,
  });
  // a value already sent is not sent again (pagehide and the hidden tab may both flush it)
  const sent = new Map<VitalBeacon['name'], string>();
  const sendOnce = (b: VitalBeacon) => {
    const key = `${b.route} ${b.value}`;
    if (sent.get(b.name) !== key) send(b);
    sent.set(b.name, key);
  };
  // TTFB, FCP and LCP belong to the page load and are final when the library reports them (LCP at the
  // first key press or click, or as the tab hides): sent at once, so that none is lost to a page
  // left before the library's idle-time report reached a hidden-tab flush
  const loaded = currentRoute();
  const atLoad = (metric: Metric) => sendOnce(beacon(loaded, metric));
  onTTFB(atLoad);
  onFCP(atLoad);
  onLCP(atLoad);
  // INP and CLS change while the person moves around: the last of each waits for the tab to hide
  const pending: Pending = new Map();
  const note = (metric: Metric) => pending.set(metric.name, beacon(currentRoute(), metric));
  onINP(note, { reportAllChanges: true });
  onCLS(note, { reportAllChanges: true });
  const flush = () => {
    for (const b of pending.values()) sendOnce(b);
    pending.clear();
  };
  // added after the library's own listeners, which settle INP and CLS as the tab hides
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
  // reporting is armed: a mark anyone can read in the Performance panel, and what the e2e test waits
  // for before it leaves the page
  performance.mark(VITALS_ARMED_MARK);
}

/** The performance mark set once the listeners are in place (tests/e2e/inp.test.ts waits on it). */
export const VITALS_ARMED_MARK = 'lora:web-vitals-armed';
