// The OpenTelemetry SDK, started by main.ts only when an OTLP endpoint is configured
// (docs/decisions/063-tracing.md, docs/operators/health.md § Tracing). A server without tracing never
// loads it (some 27 MB resident and a second and a half of start-up): its packages are imported inside
// startTracing, because the server bundle (scripts/build-server.mjs) keeps packages external and would
// hoist a static import of them to its top.
import type { Context, Span } from '@opentelemetry/api';
import { noTracing, setTracing, type ActiveSpan, type SpanOptions, type Tracing } from './tracing';

type Api = typeof import('@opentelemetry/api');

/** Probes that answer every few seconds: a trace each would drown the ones an operator looks for. */
const UNTRACED_PATHS = new Set(['/api/healthz', '/api/readyz', '/metrics']);

const noSpan: ActiveSpan = { setAttribute: () => {}, fail: () => {} };

function handleOf(api: Api, span: Span): ActiveSpan {
  return {
    setAttribute: (key, value) => span.setAttribute(key, value),
    fail: (err) => {
      const error = err instanceof Error ? err : new Error(String(err));
      span.recordException(error);
      span.setStatus({ code: api.SpanStatusCode.ERROR, message: error.message });
    },
  };
}

/**
 * lib/tracing.ts's calls on the OpenTelemetry API. A job's parent travels as a W3C traceparent in the
 * jobs table whatever OTEL_PROPAGATORS says for HTTP: the queue is ours on both ends.
 */
function createTracing(api: Api, jobPropagator: import('@opentelemetry/api').TextMapPropagator): Tracing {
  const { context, trace } = api;
  const tracer = trace.getTracer('lora-studio');
  const kinds = {
    internal: api.SpanKind.INTERNAL,
    client: api.SpanKind.CLIENT,
    consumer: api.SpanKind.CONSUMER,
  } as const;
  const parentContext = (parent: string | null | undefined): Context =>
    parent
      ? jobPropagator.extract(api.ROOT_CONTEXT, { traceparent: parent }, api.defaultTextMapGetter)
      : context.active();

  return {
    enabled: true,
    inSpan(name, opts: SpanOptions, fn) {
      const parent = parentContext(opts.parent);
      if (opts.requireParent && !trace.getSpan(parent)) return fn(noSpan);
      const span = tracer.startSpan(
        name,
        { kind: kinds[opts.kind ?? 'internal'], attributes: opts.attributes },
        parent,
      );
      const handle = handleOf(api, span);
      let result;
      try {
        result = context.with(trace.setSpan(parent, span), fn, undefined, handle);
      } catch (err) {
        handle.fail(err);
        span.end();
        throw err;
      }
      if (!(result instanceof Promise)) {
        span.end();
        return result;
      }
      return result.then(
        (value) => {
          span.end();
          return value;
        },
        (err: unknown) => {
          handle.fail(err);
          span.end();
          throw err;
        },
      ) as typeof result;
    },
    traceparent() {
      const active = trace.getSpan(context.active());
      if (!active || !api.isSpanContextValid(active.spanContext())) return null;
      const carrier: Record<string, string> = {};
      jobPropagator.inject(context.active(), carrier, api.defaultTextMapSetter);
      return carrier.traceparent ?? null;
    },
    logFields(): Record<string, string> {
      const ids = trace.getSpan(context.active())?.spanContext();
      return ids && api.isSpanContextValid(ids) ? { trace_id: ids.traceId, span_id: ids.spanId } : {};
    },
  };
}

export type TracingHandle = { shutdown: () => Promise<void> };

/**
 * Starts the SDK: request spans from @fastify/otel on every Fastify instance made after this,
 * outgoing fetch calls (vendor APIs) from the undici instrumentation, and our own spans for jobs,
 * engine calls and queries (lib/tracing.ts). Exporter, protocol, headers and sampler come from the
 * standard OTEL_* variables; only traces are exported (metrics are Prometheus', /metrics).
 */
export async function startTracing(o: { serviceName: string; role: string }): Promise<TracingHandle> {
  const [api, { NodeSDK, core, resources }, { FastifyOtelInstrumentation }, { UndiciInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-node'),
      import('@fastify/otel'),
      import('@opentelemetry/instrumentation-undici'),
    ]);
  const sdk = new NodeSDK({
    serviceName: o.serviceName,
    resource: resources.resourceFromAttributes({ 'lora.role': o.role }),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // the hooks before the handler (session, guards, CSRF) can take time; those after it are
        // bookkeeping (cookies, the log line) and would only add empty spans to every request
        instrumentHooks: ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'onError'],
        ignorePaths: ({ url }) => UNTRACED_PATHS.has(url.split('?')[0]),
        // "POST /api/generate-image" rather than "request"; the request id ties the span to log lines
        requestHook: (span, request) => {
          span.updateName(`${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`);
          span.setAttribute('http.request.id', String(request.id));
        },
      }),
      new UndiciInstrumentation({ requireParentforSpans: true }),
    ],
  });
  sdk.start();
  setTracing(createTracing(api, new core.W3CTraceContextPropagator()));
  return {
    shutdown: async () => {
      setTracing(noTracing);
      // exports the spans still batched
      await sdk.shutdown();
    },
  };
}
