// A local OTLP/HTTP trace receiver for the trace test (tests/scale/trace.test.ts): what a collector
// (Jaeger, Tempo, an OpenTelemetry Collector) would take on POST /v1/traces, in OTLP's JSON encoding
// (the servers send it with OTEL_EXPORTER_OTLP_PROTOCOL=http/json), kept as flat spans.
import http from 'node:http';
import { gunzipSync } from 'node:zlib';

type AnyValue = {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
};
type KeyValue = { key: string; value: AnyValue };

export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  /** '' for a root span */
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
  /** the exporting process's resource (service.name, lora.role, process.pid …) */
  resource: Record<string, string | number | boolean>;
};

export type OtlpReceiver = {
  /** what OTEL_EXPORTER_OTLP_ENDPOINT is set to; the exporter appends /v1/traces */
  endpoint: string;
  spans: ReceivedSpan[];
  close: () => Promise<void>;
};

function flatten(list: KeyValue[] | undefined) {
  const out: Record<string, string | number | boolean> = {};
  for (const { key, value } of list ?? []) {
    const v = value.stringValue ?? value.boolValue ?? value.doubleValue ?? value.intValue;
    if (v !== undefined) out[key] = typeof v === 'string' && value.intValue !== undefined ? Number(v) : v;
  }
  return out;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      let raw = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
      if (!String(req.headers['content-type']).startsWith('application/json')) {
        // only the JSON encoding is read here; a protobuf body is refused so a wrong setup shows
        res.writeHead(415).end();
        return;
      }
      const body = JSON.parse(raw.toString('utf8')) as {
        resourceSpans?: {
          resource?: { attributes?: KeyValue[] };
          scopeSpans?: {
            spans?: {
              traceId: string;
              spanId: string;
              parentSpanId?: string;
              name: string;
              kind: number;
              attributes?: KeyValue[];
            }[];
          }[];
        }[];
      };
      for (const rs of body.resourceSpans ?? []) {
        const resource = flatten(rs.resource?.attributes);
        for (const ss of rs.scopeSpans ?? [])
          for (const s of ss.spans ?? [])
            spans.push({
              traceId: s.traceId,
              spanId: s.spanId,
              parentSpanId: s.parentSpanId ?? '',
              name: s.name,
              kind: s.kind,
              attributes: flatten(s.attributes),
              resource,
            });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
