import type { FastifyInstance } from 'fastify';

/** Request-duration histogram buckets, in seconds (Prometheus' usual web-latency spread). */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Histogram = { counts: number[]; sum: number; count: number };

/** A value inside a Prometheus label: backslash, double quote and newline are escaped. */
export function promLabel(value: string) {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

export function promLabels(labels: Record<string, string>) {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${promLabel(v)}"`);
  return parts.length ? `{${parts.join(',')}}` : '';
}

/**
 * This process' request counters and latency histogram, kept in memory: Prometheus scrapes every
 * instance and sums them, so nothing here needs to be shared between processes.
 */
export function createHttpMetrics() {
  const requests = new Map<string, { labels: Record<string, string>; n: number }>();
  const durations = new Map<string, { labels: Record<string, string>; h: Histogram }>();

  function record(method: string, route: string, status: number, seconds: number) {
    // plain string keys and no closures: this runs on every request
    const dk = `${method} ${route}`;
    const rk = `${dk} ${status}`;
    let r = requests.get(rk);
    if (!r) requests.set(rk, (r = { labels: { method, route, status: String(status) }, n: 0 }));
    r.n++;
    let d = durations.get(dk);
    if (!d)
      durations.set(
        dk,
        (d = { labels: { method, route }, h: { counts: BUCKETS.map(() => 0), sum: 0, count: 0 } }),
      );
    for (let i = 0; i < BUCKETS.length; i++) if (seconds <= BUCKETS[i]) d.h.counts[i]++;
    d.h.sum += seconds;
    d.h.count++;
  }

  function render(): string[] {
    const lines = [
      '# HELP http_requests_total HTTP requests answered, by method, route and status.',
      '# TYPE http_requests_total counter',
    ];
    for (const { labels, n } of requests.values())
      lines.push(`http_requests_total${promLabels(labels)} ${n}`);
    lines.push(
      '# HELP http_request_duration_seconds Time to answer an HTTP request, by method and route.',
      '# TYPE http_request_duration_seconds histogram',
    );
    for (const { labels, h } of durations.values()) {
      BUCKETS.forEach((b, i) =>
        lines.push(
          `http_request_duration_seconds_bucket${promLabels({ ...labels, le: String(b) })} ${h.counts[i]}`,
        ),
      );
      lines.push(`http_request_duration_seconds_bucket${promLabels({ ...labels, le: '+Inf' })} ${h.count}`);
      lines.push(`http_request_duration_seconds_sum${promLabels(labels)} ${h.sum}`);
      lines.push(`http_request_duration_seconds_count${promLabels(labels)} ${h.count}`);
    }
    return lines;
  }

  return { record, render };
}
export type HttpMetrics = ReturnType<typeof createHttpMetrics>;

/**
 * Counts every answered request under its route pattern (`/api/models/:id`), never the raw URL, so
 * the label set stays small; requests no route matched share the `unmatched` label.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: HttpMetrics) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.record(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
}
