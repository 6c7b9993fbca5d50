import { readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { nodeDefs, nodeInfo, SYSTEM_STATS, type Folders } from './comfyui-nodes';
import { err, validatePrompt, type ComfyViolation, type Graph } from './comfyui-validate';

export type { ComfyViolation } from './comfyui-validate';

// A strict double of ComfyUI's native HTTP API (server.py, execution.py). It declares the node
// classes of comfyui-nodes.ts in /object_info, validates a submitted graph against them the way
// execution.validate_prompt does (answering its 400 body: `{ error: { type, message, details,
// extra_info }, node_errors }`), runs prompts one at a time by drawing a PNG with sharp, keeps
// history in memory and outputs "on disk", and injects the faults a real server has.

type QueueItem = [number, string, Graph, Record<string, unknown>, string[]];
type HistoryEntry = {
  prompt: QueueItem;
  outputs: Record<string, { images: { filename: string; subfolder: string; type: 'output' }[] }>;
  status: { status_str: 'success' | 'error'; completed: boolean; messages: [string, unknown][] };
  meta: Record<string, unknown>;
};

export type ComfyDoubleOptions = {
  /** when set, every call must carry `Authorization: Bearer <token>` (a proxy in front of ComfyUI) */
  token?: string;
  /** the shared LoRA folder, listed by LoraLoaderModelOnly under `loraSubfolder/` */
  loraDir: string;
  /** where loraDir sits inside ComfyUI's loras root (as an operator mounts it), default `studio` */
  loraSubfolder?: string;
  /** style LoRAs already in ComfyUI's loras folder */
  extraLoras?: string[];
  /** model files present; defaults to the files the repository's workflows name */
  models?: Partial<Omit<Folders, 'loras' | 'input'>>;
  /** start with prompts held in the queue until `release()` (default: run as they come) */
  hold?: boolean;
  /** the answer to a prompt_id in the body: a ComfyUI older than that field ignores it */
  ignorePromptId?: boolean;
  /** node classes this ComfyUI lacks (an old release) */
  missingNodes?: string[];
};

const DEFAULT_MODELS = {
  diffusion_models: ['flux-2-klein-4b.safetensors', 'flux1-dev.safetensors'],
  text_encoders: ['qwen_3_4b.safetensors', 't5xxl_fp16.safetensors', 'clip_l.safetensors'],
  vae: ['flux2-vae.safetensors', 'ae.safetensors'],
  upscale_models: ['RealESRGAN_x4plus.pth'],
};

export type ComfyDouble = Awaited<ReturnType<typeof createComfyDouble>>;

export async function createComfyDouble(opts: ComfyDoubleOptions) {
  const violations: ComfyViolation[] = [];
  const received: { method: string; path: string; auth?: string; body?: unknown }[] = [];
  let queue: QueueItem[] = [];
  let running: QueueItem | null = null;
  let history = new Map<string, HistoryEntry>();
  /** ComfyUI's output and input folders: they survive a restart */
  const outputs = new Map<string, Buffer>();
  const inputs = new Map<string, Buffer>();
  let hold = opts.hold ?? false;
  let number = 0;
  let executed = 0;
  const faults = {
    queueFull: 0,
    nodeError: null as null | { nodeType: string; message: string },
    dropOutputs: false,
  };
  const sub = opts.loraSubfolder ?? 'studio';
  const defsNow = () => {
    const all = nodeDefs(folders());
    for (const n of opts.missingNodes ?? []) delete all[n];
    return all;
  };

  const folders = (): Folders => {
    let placed: string[] = [];
    try {
      placed = readdirSync(opts.loraDir).filter((f) => !f.startsWith('.'));
    } catch {
      // the folder does not exist yet: ComfyUI lists nothing from it
    }
    return {
      ...DEFAULT_MODELS,
      ...opts.models,
      loras: [...(opts.extraLoras ?? []), ...placed.map((f) => `${sub}/${f}`)].sort(),
      input: [...inputs.keys()].sort(),
    } as Folders;
  };

  /** The picture a graph makes: the latent's size, or the loaded image scaled ×4 then by scale_by. */
  async function draw(g: Graph, saveId: string, seed: number): Promise<Buffer> {
    const link = (id: string, input: string) => String((g[id]!.inputs![input] as [string, number])[0]);
    let at = link(saveId, 'images');
    let scale = 1;
    for (;;) {
      const n = g[at]!;
      if (n.class_type === 'ImageScaleBy') {
        scale *= Number(n.inputs!.scale_by);
        at = link(at, 'image');
      } else if (n.class_type === 'ImageUpscaleWithModel') {
        scale *= 4;
        at = link(at, 'image');
      } else if (n.class_type === 'LoadImage') {
        const src = inputs.get(String(n.inputs!.image))!;
        const meta = await sharp(src).metadata();
        return sharp(src)
          .resize(Math.round(meta.width! * scale), Math.round(meta.height! * scale), { fit: 'fill' })
          .png()
          .toBuffer();
      } else if (n.class_type === 'VAEDecode') {
        let l = link(at, 'samples');
        while (g[l]!.class_type === 'SamplerCustomAdvanced' || g[l]!.class_type === 'KSampler')
          l = link(l, 'latent_image');
        const { width, height } = g[l]!.inputs as { width: number; height: number };
        const hue = seed % 360;
        return sharp({
          create: { width, height, channels: 3, background: `hsl(${hue}, 60%, 50%)` as unknown as string },
        })
          .png()
          .toBuffer();
      } else throw new Error(`the double cannot run ${String(n.class_type)}`);
    }
  }

  /** nodes.py SaveImage: `<prefix>_<counter:05>_.png`, the counter one past the highest of that prefix. */
  function saveName(prefix: string) {
    const slash = prefix.lastIndexOf('/');
    const subfolder = slash >= 0 ? prefix.slice(0, slash) : '';
    const base = slash >= 0 ? prefix.slice(slash + 1) : prefix;
    let max = 0;
    for (const key of outputs.keys()) {
      const m = new RegExp(
        `^${subfolder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}_(\\d{5})_\\.png$`,
      ).exec(key);
      if (m) max = Math.max(max, Number(m[1]));
    }
    return { filename: `${base}_${String(max + 1).padStart(5, '0')}_.png`, subfolder };
  }

  async function execute(item: QueueItem) {
    const [, promptId, g, , outs] = item;
    const messages: [string, unknown][] = [
      ['execution_start', { prompt_id: promptId, timestamp: Date.now() }],
    ];
    const fault = faults.nodeError;
    if (fault) {
      faults.nodeError = null;
      const nodeId = Object.keys(g).find((k) => g[k]!.class_type === fault.nodeType) ?? Object.keys(g)[0]!;
      messages.push([
        'execution_error',
        {
          prompt_id: promptId,
          node_id: nodeId,
          node_type: fault.nodeType,
          executed: [],
          exception_message: fault.message,
          exception_type: 'torch.OutOfMemoryError',
          traceback: [],
          current_inputs: {},
          current_outputs: {},
        },
      ]);
      return { outputs: {}, status: { status_str: 'error' as const, completed: false, messages } };
    }
    const result: HistoryEntry['outputs'] = {};
    const seedOf = Object.values(g).find(
      (n) => n.class_type === 'RandomNoise' || n.class_type === 'KSampler',
    );
    const seed = Number(seedOf?.inputs?.noise_seed ?? seedOf?.inputs?.seed ?? 0);
    for (const id of outs) {
      const png = await draw(g, id, seed);
      const file = saveName(String(g[id]!.inputs!.filename_prefix));
      if (!faults.dropOutputs) outputs.set(`${file.subfolder}/${file.filename}`, png);
      result[id] = { images: [{ ...file, type: 'output' }] };
    }
    executed++;
    messages.push(['execution_success', { prompt_id: promptId, timestamp: Date.now() }]);
    return { outputs: result, status: { status_str: 'success' as const, completed: true, messages } };
  }

  /** The worker loop: one prompt at a time, lowest number first (PromptQueue.get). */
  let pumping = false;
  async function pump() {
    if (pumping) return;
    pumping = true;
    try {
      while (!hold && !running && queue.length > 0) {
        queue.sort((a, b) => a[0] - b[0]);
        const item = queue.shift()!;
        running = item;
        const generation = restarts;
        const done = await execute(item);
        // a restart while it ran: that process is gone, and so is everything it would have recorded
        if (generation !== restarts) continue;
        running = null;
        history.set(item[1], { prompt: item, ...done, meta: {} });
      }
    } finally {
      pumping = false;
    }
  }
  let restarts = 0;

  const server = http.createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    received.push({ method: req.method ?? '', path: u.pathname, auth: req.headers.authorization });
    if (opts.token && req.headers.authorization !== `Bearer ${opts.token}`) {
      violations.push({ code: 'auth', message: `${req.method} ${u.pathname} without the bearer token` });
      return json(401, { error: 'Unauthorized' });
    }
    const path = u.pathname.replace(/^\/api(?=\/)/, '');
    if (req.method === 'GET' && path === '/system_stats') return json(200, SYSTEM_STATS);
    if (req.method === 'GET' && (path === '/object_info' || path.startsWith('/object_info/'))) {
      const defs = defsNow();
      const only = path.startsWith('/object_info/')
        ? decodeURIComponent(path.slice('/object_info/'.length))
        : null;
      const out: Record<string, unknown> = {};
      for (const [name, d] of Object.entries(defs)) if (!only || only === name) out[name] = nodeInfo(name, d);
      return json(200, out);
    }
    if (req.method === 'GET' && path === '/queue')
      return json(200, {
        queue_running: running ? [running] : [],
        queue_pending: [...queue].sort((a, b) => a[0] - b[0]),
      });
    if (req.method === 'POST' && path === '/queue') {
      const b = JSON.parse(raw.toString('utf8') || '{}') as { clear?: boolean; delete?: string[] };
      if (b.clear) queue = [];
      for (const id of b.delete ?? []) queue = queue.filter((q) => q[1] !== id);
      res.writeHead(200);
      return res.end();
    }
    if (req.method === 'GET' && path.startsWith('/history/')) {
      const id = decodeURIComponent(path.slice('/history/'.length));
      const h = history.get(id);
      return json(200, h ? { [id]: h } : {});
    }
    if (req.method === 'GET' && path === '/view') {
      const key = `${u.searchParams.get('subfolder') ?? ''}/${u.searchParams.get('filename') ?? ''}`;
      const type = u.searchParams.get('type') ?? 'output';
      const file = type === 'input' ? inputs.get(key.replace(/^\//, '')) : outputs.get(key);
      if (!file) {
        res.writeHead(404);
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(file);
    }
    if (req.method === 'POST' && path === '/upload/image') {
      const form = await new Request('http://x/upload', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: raw,
      }).formData();
      const image = form.get('image');
      if (!(image instanceof Blob)) return json(400, { error: 'no image' });
      const subfolder = String(form.get('subfolder') ?? '');
      const name = (image as File).name;
      if (form.get('overwrite') !== 'true' && inputs.has(`${subfolder}/${name}`))
        violations.push({
          code: 'uploadCollision',
          message: `${subfolder}/${name} uploaded twice without overwrite`,
        });
      inputs.set(subfolder ? `${subfolder}/${name}` : name, Buffer.from(await image.arrayBuffer()));
      return json(200, { name, subfolder, type: 'input' });
    }
    if (req.method === 'POST' && path === '/interrupt') {
      res.writeHead(200);
      return res.end();
    }
    if (req.method === 'POST' && path === '/prompt') {
      let body: {
        prompt?: unknown;
        prompt_id?: unknown;
        client_id?: unknown;
        extra_data?: Record<string, unknown>;
      };
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return json(400, { error: err('invalid_json', 'Invalid JSON', ''), node_errors: {} });
      }
      received[received.length - 1]!.body = body;
      if (faults.queueFull > 0) {
        faults.queueFull--;
        // ComfyUI queues without a limit; a proxy or a --max-queue deployment answers so when full
        return json(503, {
          error: err('queue_full', 'The queue is full', 'try again later'),
          node_errors: {},
        });
      }
      if (!('prompt' in body))
        return json(400, {
          error: err('no_prompt', 'No prompt provided', 'No prompt provided'),
          node_errors: {},
        });
      const v = validatePrompt(defsNow(), violations, body.prompt);
      if (!v.ok) return json(v.status, v.body);
      const promptId = !opts.ignorePromptId && body.prompt_id ? String(body.prompt_id) : crypto.randomUUID();
      if (queue.some((q) => q[1] === promptId) || running?.[1] === promptId)
        violations.push({
          code: 'duplicatePrompt',
          message: `prompt ${promptId} queued while it is already queued`,
        });
      const extra = {
        ...(body.extra_data ?? {}),
        ...(body.client_id ? { client_id: body.client_id } : {}),
        create_time: Date.now(),
      };
      const n = number++;
      queue.push([n, promptId, body.prompt as Graph, extra, v.outputs]);
      void pump();
      return json(200, { prompt_id: promptId, number: n, node_errors: {} });
    }
    violations.push({ code: 'wrongEndpoint', message: `${req.method} ${u.pathname}` });
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** as COMFYUI_URL */
    url,
    received,
    violations,
    /** prompts submitted (accepted or not) */
    prompts: () =>
      received
        .filter((r) => r.path.endsWith('/prompt') && r.method === 'POST')
        .map((r) => r.body as { prompt: Graph; prompt_id: string; client_id?: string }),
    /** how many prompts ran to their SaveImage: the GPU work done */
    executed: () => executed,
    queueLength: () => queue.length + (running ? 1 : 0),
    outputFiles: () => [...outputs.keys()],
    /** keep queued prompts waiting (a busy GPU) */
    hold() {
      hold = true;
    },
    /** run whatever is queued */
    async release() {
      hold = false;
      await pump();
    },
    /** the next prompt that runs fails in this node (history records execution_error) */
    failNextRun(
      nodeType = 'SamplerCustomAdvanced',
      message = 'CUDA out of memory. Tried to allocate 2.00 GiB',
    ) {
      faults.nodeError = { nodeType, message };
    },
    /** the next `n` POST /prompt answer 503 "queue full" */
    queueFull(n = 1) {
      faults.queueFull = n;
    },
    /** a restart: the queue, the running prompt and the history are forgotten; files on disk stay */
    restart() {
      restarts++;
      queue = [];
      running = null;
      history = new Map();
      pumping = false;
    },
    /** finished prompts keep their history, but their pictures are not on disk (a cleaned output folder) */
    dropOutputs(on = true) {
      faults.dropOutputs = on;
    },
    deleteOutputs() {
      outputs.clear();
    },
    assertNoViolations() {
      if (violations.length > 0)
        throw new Error(
          `ComfyUI contract violations:\n${violations.map((v) => JSON.stringify(v)).join('\n')}`,
        );
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
