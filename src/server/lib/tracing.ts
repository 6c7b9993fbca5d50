// What the server's code asks of tracing, with nothing behind it until the OpenTelemetry SDK starts
// (lib/tracing-sdk.ts, loaded by main.ts only when an OTLP endpoint is configured). Nothing here imports
// OpenTelemetry, so a server without tracing never loads it (docs/decisions/063-tracing.md).

export type SpanAttributes = Record<string, string | number | boolean>;

export type SpanOptions = {
  attributes?: SpanAttributes;
  /** internal (the default), client (a call to another service), consumer (a job run) */
  kind?: 'internal' | 'client' | 'consumer';
  /**
   * A W3C traceparent to continue (a job's, stored when it was enqueued) instead of the active span;
   * null or absent: the active span is the parent, or the span starts a trace.
   */
  parent?: string | null;
  /** create the span only under an active one (database queries: no trace per idle poll) */
  requireParent?: boolean;
};

export type ActiveSpan = {
  setAttribute: (key: string, value: string | number | boolean) => void;
  /** marks the span failed with the error, as its result (the caller still decides what happens next) */
  fail: (err: unknown) => void;
};

export type Tracing = {
  enabled: boolean;
  /**
   * Runs `fn` inside a new span, made active for whatever `fn` calls; the span ends when `fn` returns
   * or its promise settles, failed when it throws or rejects.
   */
  inSpan: <T>(name: string, opts: SpanOptions, fn: (span: ActiveSpan) => T) => T;
  /** the W3C traceparent of the active span (stored with a job), or null without one */
  traceparent: () => string | null;
  /** trace_id and span_id of the active span for a log line, else {} */
  logFields: () => Record<string, string>;
};

const noSpan: ActiveSpan = { setAttribute: () => {}, fail: () => {} };

export const noTracing: Tracing = {
  enabled: false,
  inSpan: (_name, _opts, fn) => fn(noSpan),
  traceparent: () => null,
  logFields: () => ({}),
};

let current: Tracing = noTracing;

/** The process's tracing: a no-op unless lib/tracing-sdk.ts started the SDK. */
export function tracing(): Tracing {
  return current;
}

/** lib/tracing-sdk.ts installs the real one at start (and the no-op again at shutdown). */
export function setTracing(t: Tracing) {
  current = t;
}

/**
 * pino options that put the active span's ids on every log line; none when tracing is off, so a
 * server without it does no work per line.
 */
export function traceLogOptions(on: boolean): { mixin?: () => Record<string, string> } {
  return on ? { mixin: () => current.logFields() } : {};
}
