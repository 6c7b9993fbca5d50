import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry } from 'prom-client';

/** Request-duration histogram buckets, in seconds (Prometheus' usual web-latency spread). */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The app's Prometheus registry (prom-client), one per app instance rather than the library's global
 * one: tests build many apps in one process. This process' request counters and latency histogram
 * live here in memory (Prometheus scrapes every instance and sums them, so nothing needs sharing);
 * modules add their own families to `registry` (system's gauges read from the database on scrape,
 * vitals' histograms).
 */
export function createAppMetrics() {
  const registry = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route.',
    labelNames: ['method', 'route'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });

  function record(method: string, route: string, status: number, seconds: number) {
    requests.inc({ method, route, status: String(status) });
    durations.observe({ method, route }, seconds);
  }

  return { registry, record };
}
export type AppMetrics = ReturnType<typeof createAppMetrics>;

/**
 * Counts every answered request under its route pattern (`/api/models/:id`), never the raw URL, so
 * the label set stays small; requests no route matched share the `unmatched` label.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: AppMetrics) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.record(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
}
