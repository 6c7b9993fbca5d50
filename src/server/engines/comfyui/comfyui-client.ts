import type { ComfyuiConfig } from '../../config/comfyui';
import { EngineError } from '../engine-error';
import { vendorJson } from '../vendor-http';
import type { ComfyGraph } from './workflow';

const VENDOR = 'ComfyUI';

/** A file ComfyUI wrote or keeps: what `/view` takes. */
export type ComfyFile = { filename: string; subfolder: string; type: 'output' | 'input' | 'temp' };

/** One `/history/{id}` entry (execution.py's PromptQueue.task_done writes it when the prompt ends). */
export type HistoryEntry = {
  outputs?: Record<string, { images?: ComfyFile[] }>;
  status?: { status_str?: 'success' | 'error'; completed?: boolean; messages?: [string, unknown][] };
};

/** The shape `/object_info` gives each node class (server.py node_info). */
export type NodeInfo = {
  input: { required?: Record<string, unknown[]>; optional?: Record<string, unknown[]> };
  output: string[];
  name: string;
};

/** One queue item: [number, prompt_id, prompt, extra_data, outputs_to_execute, …]. */
type QueueItem = [number, string, ...unknown[]];

export type ComfyClient = ReturnType<typeof createComfyClient>;

/** ComfyUI's validation refusal (execution.py validate_prompt), said in a line: the error and each node's. */
export function describeRefusal(body: unknown): string {
  const b = (body ?? {}) as {
    error?: { message?: string; details?: string } | string;
    node_errors?: Record<string, { class_type?: string; errors?: { message?: string; details?: string }[] }>;
  };
  const head = typeof b.error === 'string' ? b.error : (b.error?.message ?? 'the workflow was refused');
  const nodes = Object.entries(b.node_errors ?? {}).flatMap(([id, n]) =>
    (n.errors ?? []).map(
      (e) => `#${id} ${n.class_type ?? ''}: ${e.message ?? 'error'}${e.details ? ` (${e.details})` : ''}`,
    ),
  );
  const detail =
    typeof b.error === 'object' && b.error?.details && nodes.length === 0 ? ` (${b.error.details})` : '';
  return [`${head}${detail}`, ...nodes].join('; ').slice(0, 1000);
}

/**
 * ComfyUI's native HTTP API (server.py): POST /prompt, GET /queue, GET /history/{id}, GET /view,
 * POST /upload/image, GET /object_info, GET /system_stats. ComfyUI itself asks for no credentials;
 * a proxy in front of it may, so the token goes as a Bearer header when it is set.
 */
export function createComfyClient(
  cfg: Pick<ComfyuiConfig, 'url' | 'token'>,
  opts: { timeoutMs?: number } = {},
) {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const auth: Record<string, string> = cfg.token ? { Authorization: `Bearer ${cfg.token}` } : {};
  const url = (path: string) => `${cfg.url}${path}`;
  const get = <T>(path: string) =>
    vendorJson<T>({ vendor: VENDOR, url: url(path), headers: auth, timeoutMs });

  return {
    /**
     * Queues a graph under our own prompt id (server.py takes `prompt_id` from the body), so a later
     * attempt finds it again by the id alone. A 400 is ComfyUI's validation refusal: not retryable.
     */
    async submit(promptId: string, graph: ComfyGraph, clientId: string): Promise<void> {
      let res: Response;
      try {
        res = await fetch(url('/prompt'), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...auth },
          body: JSON.stringify({ prompt: graph, prompt_id: promptId, client_id: clientId }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        // the prompt may or may not be queued: the caller looks it up by its id before sending it again
        throw new EngineError('ComfyUI could not be reached', true, undefined, 'unreachable');
      }
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        // not JSON (a proxy's page): kept as text
      }
      if (res.status === 400)
        throw new EngineError(
          `ComfyUI refused the workflow: ${describeRefusal(body)}`,
          false,
          400,
          'invalidWorkflow',
        );
      if (res.status === 401 || res.status === 403)
        throw new EngineError(
          `ComfyUI rejected the credentials (${res.status}): check COMFYUI_TOKEN`,
          false,
          res.status,
          'configuration',
        );
      if (!res.ok)
        throw new EngineError(
          `ComfyUI answered ${res.status}: ${describeRefusal(body)}`,
          res.status === 429 || res.status >= 500,
          res.status,
        );
      const answered = (body as { prompt_id?: unknown }).prompt_id;
      if (answered !== promptId) {
        // an old ComfyUI ignores prompt_id: this prompt could never be found again after a crash
        if (typeof answered === 'string') await this.cancel([answered]).catch(() => {});
        throw new EngineError(
          'ComfyUI ignored the prompt id it was given: upgrade ComfyUI (see docs/operators/self-hosted-gpu.md)',
          false,
          undefined,
          'configuration',
        );
      }
    },
    /** The ids ComfyUI is running or has pending. */
    async queued(): Promise<Set<string>> {
      const q = await get<{ queue_running?: QueueItem[]; queue_pending?: QueueItem[] }>('/queue');
      return new Set([...(q.queue_running ?? []), ...(q.queue_pending ?? [])].map((i) => String(i[1])));
    },
    /** The finished prompt, or null: ComfyUI answers `{}` for a running prompt and an unknown one alike. */
    async history(promptId: string): Promise<HistoryEntry | null> {
      const h = await get<Record<string, HistoryEntry>>(`/history/${encodeURIComponent(promptId)}`);
      return h[promptId] ?? null;
    },
    /** A file's bytes, or null when ComfyUI no longer has it (404). */
    async view(file: ComfyFile): Promise<Buffer | null> {
      const q = new URLSearchParams({ filename: file.filename, subfolder: file.subfolder, type: file.type });
      let res: Response;
      try {
        res = await fetch(url(`/view?${q}`), { headers: auth, signal: AbortSignal.timeout(5 * 60_000) });
      } catch {
        throw new EngineError('ComfyUI could not be reached', true, undefined, 'unreachable');
      }
      if (res.status === 404) return null;
      if (!res.ok)
        throw new EngineError(
          `ComfyUI /view answered ${res.status}`,
          res.status >= 500 || res.status === 429,
          res.status,
        );
      return Buffer.from(await res.arrayBuffer());
    },
    /** Puts an image in ComfyUI's input folder (overwriting one of the same name); answers the name LoadImage takes. */
    async uploadImage(name: string, subfolder: string, data: Buffer): Promise<string> {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), name);
      form.append('type', 'input');
      form.append('subfolder', subfolder);
      form.append('overwrite', 'true');
      let res: Response;
      try {
        res = await fetch(url('/upload/image'), {
          method: 'POST',
          headers: auth,
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        throw new EngineError('ComfyUI could not be reached', true, undefined, 'unreachable');
      }
      if (!res.ok)
        throw new EngineError(
          `ComfyUI /upload/image answered ${res.status}`,
          res.status >= 500 || res.status === 429,
          res.status,
        );
      const b = (await res.json()) as { name: string; subfolder?: string };
      return b.subfolder ? `${b.subfolder}/${b.name}` : b.name;
    },
    async objectInfo(nodeClass?: string): Promise<Record<string, NodeInfo>> {
      return get<Record<string, NodeInfo>>(
        nodeClass ? `/object_info/${encodeURIComponent(nodeClass)}` : '/object_info',
      );
    },
    async systemStats() {
      return get<{
        system?: { comfyui_version?: string };
        devices?: { name?: string; vram_total?: number }[];
      }>('/system_stats');
    },
    /** Takes pending prompts off the queue (POST /queue `{ delete }`). */
    async cancel(promptIds: string[]): Promise<void> {
      await vendorJson({
        vendor: VENDOR,
        url: url('/queue'),
        method: 'POST',
        headers: auth,
        body: { delete: promptIds },
        timeoutMs,
        idempotent: true,
      });
    },
  };
}

/** The options ComfyUI offers for a combo input (a model file list), from its object_info entry. */
export function comboOptions(info: NodeInfo | undefined, input: string): string[] {
  const spec = info?.input.required?.[input] ?? info?.input.optional?.[input];
  const first = spec?.[0];
  if (Array.isArray(first)) return first.map(String);
  // the newer COMBO form: ["COMBO", { options: [...] }]
  const opts = (spec?.[1] as { options?: unknown[] } | undefined)?.options;
  return Array.isArray(opts) ? opts.map(String) : [];
}
