import { siteApi } from '@shared/api/site';
import { pagePattern } from '@shared/page-routes';
import type { VitalBeacon } from '@shared/schemas/vitals';
import { call } from './api-client';

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
 * Real-user Web Vitals (docs/decisions/057-web-vitals.md): once the page has loaded, a sampled share
 * of page loads (`vitalsSampleRate` of GET /api/config) loads the `web-vitals` library and reports
 * LCP, INP, CLS, TTFB and FCP to POST /api/vitals, each under its route pattern. LCP, FCP and TTFB
 * belong to the page the browser loaded; INP and CLS keep changing while the person moves around the
 * app, so each change is noted with the route it happened on, and the last of each is sent when the
 * tab is hidden (switched away, closed, or left for another site); the load's three are sent as soon
 * as they are final.
 */
export function startWebVitals(): void {
  const begin = () => setTimeout(() => void report(), 0);
  if (document.readyState === 'complete') begin();
  else window.addEventListener('load', begin, { once: true });
}

async function report() {
  let rate: number;
  try {
    // its own read, not the query cache's: a pre-rendered page may still be hydrating after its load
    // event, and a config already in the cache would draw what its HTML has not (the footer's offline
    // note) and fail the hydration
    rate = (await call(siteApi.config)).vitalsSampleRate;
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
