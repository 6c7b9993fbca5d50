import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import sharp from 'sharp';
import {
  AIR,
  ARCH_PARAMS,
  type ApiError,
  FAMILY,
  Refusal,
  type Render,
  type RunwareDoubleOptions,
  SCHEDULERS_ANY,
  SEARCH_PARAMS,
  type Task,
  UPLOAD_ARCHITECTURES,
  UPLOAD_PARAMS,
  UUID_V4,
  type Upload,
  type Violation,
  taskChecks,
} from './runware-contract';
import { upscaleTasks } from './runware-upscale-double';

export type { RunwareDoubleOptions, Violation, Render, Upload } from './runware-contract';

// A strict double of Runware's REST API; the contract it holds our side to is written down in
// runware-contract.ts. Everything received is recorded; everything our side got wrong is a violation.

export type RunwareDouble = Awaited<ReturnType<typeof createRunwareDouble>>;

export async function createRunwareDouble(opts: RunwareDoubleOptions) {
  const received: { auth: string | undefined; tasks: unknown; at: number }[] = [];
  const violations: Violation[] = [];
  const renders = new Map<string, Render>();
  const uploads: Upload[] = [];
  const uploadTasks = new Set<string>();
  const captions = new Set<string>();
  const usedTaskUUIDs = new Set<string>();
  const imageGets: { url: string; auth: string | undefined }[] = [];
  let stallWhen: ((task: Task) => boolean) | null = null;
  const stalled = new Set<Socket>();
  const failures: { status: number; error: Omit<ApiError, 'taskUUID'> }[] = [];
  let jpeg: Buffer | undefined;

  const checks = taskChecks(violations);
  const { violate, refuse, onlyKnown, str, num, oneOf, bool, checkCaption, checkSafety } = checks;
  const upscale = upscaleTasks(checks, () => opts.renderMs ?? 0);
  const { upscales } = upscale;

  function uploadFor(air: string) {
    for (let i = uploads.length - 1; i >= 0; i--) if (uploads[i].air === air) return uploads[i];
    return undefined;
  }
  const isDeployed = (u: Upload) =>
    !u.failed && (u.deployed === true || Date.now() - u.createdAt >= (opts.deployMs ?? 0));
  const renderDone = (r: Render) => r.done || Date.now() - r.createdAt >= (opts.renderMs ?? 0);

  function imageItems(base: string, r: Render, withStatus: boolean) {
    const n = Number(r.task.numberResults ?? 1);
    const checked = (r.task.safety as { checkContent?: boolean } | undefined)?.checkContent === true;
    return Array.from({ length: n }, (_, i) => ({
      taskType: 'imageInference',
      taskUUID: r.taskUUID,
      ...(withStatus ? { status: 'success' } : {}),
      imageUUID: `${r.taskUUID.slice(0, 24)}${String(i).padStart(12, '0')}`,
      imageURL: `${base}/image/${r.taskUUID}/${i}.jpg`,
      seed: Number(r.task.seed ?? 1) + i,
      ...(checked ? { NSFWContent: opts.nsfw?.(String(r.task.positivePrompt), i) ?? false } : {}),
    }));
  }

  function imageInference(task: Task, base: string) {
    const model = str(task, 'model', { required: true })!;
    if (!AIR.test(model)) refuse(task, 'invalidModel', `Invalid AIR '${model}'.`, 'model');
    const arch = opts.checkpoints?.[model];
    if (!arch) refuse(task, 'invalidModel', `Model '${model}' does not exist.`, 'model');
    onlyKnown(task, ARCH_PARAMS[arch!] ?? ARCH_PARAMS.flux1d);
    str(task, 'positivePrompt', { required: true, min: 2, max: 3000 });
    str(task, 'negativePrompt', { min: 2, max: 3000 });
    num(task, 'width', { required: true, int: true, min: 128, max: 2048, step: 64 });
    num(task, 'height', { required: true, int: true, min: 128, max: 2048, step: 64 });
    num(task, 'numberResults', { int: true, min: 1, max: 20 });
    num(task, 'seed', { int: true, min: 1, max: Number.MAX_SAFE_INTEGER });
    num(task, 'steps', { int: true, min: 1, max: 100 });
    num(task, 'CFGScale', { min: 0, max: 50 });
    num(task, 'outputQuality', { int: true, min: 20, max: 99 });
    num(task, 'ttl', { int: true, min: 60 });
    oneOf(task, 'outputType', ['URL', 'base64Data', 'dataURI']);
    oneOf(task, 'outputFormat', ['JPG', 'PNG', 'WEBP']);
    oneOf(task, 'deliveryMethod', ['sync', 'async']);
    bool(task, 'includeCost');
    if (task.scheduler !== undefined && !SCHEDULERS_ANY(task.scheduler))
      refuse(task, 'invalidScheduler', "Invalid value for 'scheduler' parameter.", 'scheduler');
    checkSafety(task);
    if (task.lora !== undefined) {
      if (!Array.isArray(task.lora))
        refuse(task, 'invalidLora', "Invalid value for 'lora' parameter.", 'lora');
      for (const [i, l] of (task.lora as Record<string, unknown>[]).entries()) {
        if (!l || typeof l !== 'object')
          refuse(task, 'invalidLora', "Invalid value for 'lora' parameter.", `lora[${i}]`);
        for (const k of Object.keys(l))
          if (k !== 'model' && k !== 'weight')
            refuse(task, 'unknownParameter', `Unknown parameter 'lora[${i}].${k}'.`, `lora[${i}].${k}`);
        if (typeof l.model !== 'string' || !AIR.test(l.model))
          refuse(task, 'invalidLoraModel', `Invalid AIR for 'lora[${i}].model'.`, `lora[${i}].model`);
        if (l.weight !== undefined && (typeof l.weight !== 'number' || l.weight < -4 || l.weight > 4))
          refuse(task, 'invalidLoraWeight', `Invalid value for 'lora[${i}].weight'.`, `lora[${i}].weight`);
        const uploaded = uploadFor(l.model as string);
        const loraArch = uploaded?.architecture ?? opts.loras?.[l.model as string];
        if (!loraArch)
          refuse(task, 'invalidLoraModel', `LoRA '${String(l.model)}' does not exist.`, `lora[${i}].model`);
        if (uploaded && !isDeployed(uploaded))
          refuse(task, 'modelNotReady', `LoRA '${String(l.model)}' is not ready yet.`, `lora[${i}].model`);
        // Runware does not refuse this: the picture is noise, and billed. Our side must never send it.
        if (FAMILY[loraArch!] !== FAMILY[arch!])
          violate({
            code: 'architectureMismatch',
            message: `LoRA ${String(l.model)} (${loraArch}) on a ${arch} base`,
            parameter: `lora[${i}].model`,
            taskType: 'imageInference',
            taskUUID: String(task.taskUUID),
          });
      }
    }
    const r: Render = { taskUUID: String(task.taskUUID), task, createdAt: Date.now(), done: false };
    renders.set(r.taskUUID, r);
    if (task.deliveryMethod === 'async') return [{ taskType: 'imageInference', taskUUID: r.taskUUID }];
    r.done = true;
    return imageItems(base, r, false);
  }

  function caption(task: Task) {
    checkCaption(task);
    captions.add(String(task.taskUUID));
    return [
      {
        taskType: 'caption',
        taskUUID: task.taskUUID,
        text: 'a portrait of a smiling person in soft window light, 85mm, shallow depth of field',
      },
    ];
  }

  async function modelUpload(task: Task) {
    onlyKnown(task, UPLOAD_PARAMS);
    oneOf(task, 'category', ['checkpoint', 'lora', 'lycoris', 'vae', 'embeddings']);
    str(task, 'category', { required: true });
    const architecture = str(task, 'architecture', { required: true })!;
    if (!UPLOAD_ARCHITECTURES.includes(architecture))
      refuse(task, 'invalidArchitecture', `Invalid value for 'architecture' parameter.`, 'architecture');
    str(task, 'format', { required: true });
    oneOf(task, 'format', ['safetensors']);
    if (task.category === 'lora') oneOf(task, 'type', [undefined]);
    const air = str(task, 'air')!;
    if (air !== undefined) {
      if (!AIR.test(air)) refuse(task, 'invalidAir', `Invalid AIR '${air}'.`, 'air');
      const source = air.split(':')[0];
      if (!opts.airSources.includes(source))
        refuse(task, 'invalidAir', `The AIR source '${source}' does not exist on this account.`, 'air');
    }
    const uniqueIdentifier = str(task, 'uniqueIdentifier', { min: 1, max: 256 });
    str(task, 'name', { required: true, min: 1, max: 100 });
    str(task, 'version', { required: true, min: 1, max: 100 });
    const downloadURL = str(task, 'downloadURL', { required: true })!;
    if (!/^https?:\/\//.test(downloadURL))
      refuse(task, 'invalidDownloadURL', "Invalid value for 'downloadURL' parameter.", 'downloadURL');
    num(task, 'defaultWeight', { min: -4, max: 4 });
    bool(task, 'private');
    str(task, 'positiveTriggerWords');
    str(task, 'negativeTriggerWords');
    if (
      task.tags !== undefined &&
      (!Array.isArray(task.tags) || task.tags.some((t) => typeof t !== 'string'))
    )
      refuse(task, 'invalidTags', "Invalid value for 'tags' parameter.", 'tags');
    uploadTasks.add(String(task.taskUUID));
    const key = air ?? `runware:${uploads.length + 1}@1`;
    const existing = uploadFor(key);
    const item = (status: string, message: string) => [
      { taskType: 'modelUpload', taskUUID: task.taskUUID, status, message, air: key },
    ];
    // the documented idempotency: the same AIR + uniqueIdentifier is the same model, nothing new
    if (existing && !existing.failed && existing.uniqueIdentifier === uniqueIdentifier) {
      return isDeployed(existing)
        ? item('ready', 'Model successfully deployed and ready for use.')
        : item('stored', 'Model stored, deploying.');
    }
    const upload: Upload = {
      air: key,
      uniqueIdentifier: uniqueIdentifier ?? '',
      architecture,
      downloadURL,
      createdAt: Date.now(),
    };
    uploads.push(upload);
    const fetched = opts.fetchDownload ? await opts.fetchDownload(downloadURL) : true;
    if (!fetched) {
      upload.failed = 'Could not download the model file from downloadURL.';
      return item('failed', upload.failed);
    }
    return item('validated', 'Model parameters validated.');
  }

  function modelSearch(task: Task) {
    onlyKnown(task, SEARCH_PARAMS);
    const search = str(task, 'search', { required: true, min: 1 })!;
    oneOf(task, 'visibility', ['public', 'private', 'favorite', 'owned']);
    const results = uploads
      .filter((u) => u.air === search && isDeployed(u))
      .map((u) => ({
        air: u.air,
        name: u.air,
        category: 'lora',
        architecture: u.architecture,
        capabilities: [],
        source: 'community',
        heroImage: null,
        private: true,
      }));
    return [{ taskType: 'modelSearch', taskUUID: task.taskUUID, totalResults: results.length, results }];
  }

  function getResponse(task: Task, base: string) {
    onlyKnown(task, []);
    const id = String(task.taskUUID);
    if (uploadTasks.has(id)) return [{ taskType: 'modelUpload', taskUUID: id, status: 'processing' }];
    const upscaled = upscale.response(id, base);
    if (upscaled) return upscaled;
    const r = renders.get(id);
    if (r)
      return renderDone(r)
        ? imageItems(base, r, true)
        : [{ taskType: 'imageInference', taskUUID: id, status: 'processing' }];
    throw new Refusal({
      code: 'taskFailedOrNotFound',
      message: `No task found for taskUUID ${id}.`,
      taskType: 'getResponse',
      taskUUID: id,
    });
  }

  async function handleTask(task: Task, base: string) {
    if (!task || typeof task !== 'object' || Array.isArray(task))
      refuse({}, 'invalidTask', 'Each task must be an object.');
    if (typeof task.taskUUID !== 'string' || !UUID_V4.test(task.taskUUID))
      refuse(task, 'invalidTaskUUID', "Invalid value for 'taskUUID': a UUID v4 is required.", 'taskUUID');
    const id = task.taskUUID as string;
    if (task.taskType !== 'getResponse') {
      if (usedTaskUUIDs.has(id))
        refuse(task, 'duplicateTaskUUID', `The taskUUID ${id} was already used.`, 'taskUUID');
      usedTaskUUIDs.add(id);
    }
    switch (task.taskType) {
      case 'imageInference':
        return imageInference(task, base);
      case 'caption':
        return caption(task);
      case 'upscale':
        return upscale.submit(task, base);
      case 'modelUpload':
        return modelUpload(task);
      case 'modelSearch':
        return modelSearch(task);
      case 'getResponse':
        return getResponse(task, base);
      default:
        return refuse(
          task,
          'invalidTaskType',
          `Invalid value for 'taskType': ${String(task.taskType)}.`,
          'taskType',
        );
    }
  }

  async function renderImage(url: string) {
    if (!renders.has(url.split('/')[2])) return null;
    return (jpeg ??= await sharp({
      create: { width: 512, height: 512, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer());
  }

  const server = http.createServer(async (req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    // images (renders and upscales) are served at public URLs: no credentials may be sent to them
    if (req.method === 'GET' && /^\/(upscaled|image)\//.test(req.url ?? '')) {
      const url = req.url!;
      imageGets.push({ url, auth: req.headers.authorization });
      if (req.headers.authorization)
        violate({ code: 'credentialsOnPublicUrl', message: `credentials sent to ${url}` });
      const out = url.startsWith('/upscaled/') ? await upscale.image(url) : await renderImage(url);
      if (!out) return void res.writeHead(404).end();
      return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(out);
    }
    if (req.method !== 'POST' || req.url !== '/v1') {
      violate({ code: 'wrongEndpoint', message: `${req.method} ${req.url}` });
      return json(404, { errors: [{ code: 'notFound', message: 'Not found' }] });
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let tasks: unknown;
    try {
      tasks = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      violate({ code: 'invalidJson', message: 'body is not JSON' });
      return json(400, { errors: [{ code: 'invalidJson', message: 'Invalid JSON body.' }] });
    }
    received.push({ auth: req.headers.authorization, tasks, at: Date.now() });
    if (!/^application\/json/.test(req.headers['content-type'] ?? ''))
      violate({ code: 'contentType', message: `content-type ${req.headers['content-type']}` });
    if (req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      violate({ code: 'invalidApiKey', message: `authorization ${req.headers.authorization ?? '(none)'}` });
      return json(401, { errors: [{ code: 'invalidApiKey', message: 'Invalid API key.' }] });
    }
    if (!Array.isArray(tasks) || tasks.length === 0) {
      violate({ code: 'invalidRequest', message: 'the body must be a non-empty JSON array of tasks' });
      return json(400, {
        errors: [{ code: 'invalidRequest', message: 'The body must be an array of tasks.' }],
      });
    }
    const failure = failures.shift();
    if (failure) return json(failure.status, { errors: [failure.error] });
    const data: unknown[] = [];
    const errors: ApiError[] = [];
    for (const task of tasks as Task[]) {
      try {
        data.push(...(await handleTask(task, base)));
      } catch (err) {
        if (!(err instanceof Refusal)) throw err;
        errors.push(err.error);
      }
    }
    // a lost answer: the task was accepted, the caller never hears back (a worker killed mid-call)
    if (stallWhen && (tasks as Task[]).some((t) => stallWhen!(t))) {
      stalled.add(req.socket);
      return;
    }
    if (errors.length > 0 && data.length === 0) return json(400, { errors });
    json(200, errors.length > 0 ? { data, errors } : { data });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;

  const submitted = (taskType: string) =>
    received
      .flatMap((r) => (Array.isArray(r.tasks) ? (r.tasks as Task[]) : []))
      .filter((t) => t.taskType === taskType);

  return {
    /** the base URL, as RUNWARE_API_URL */
    url,
    received,
    violations,
    renders,
    upscales,
    uploads,
    imageGets,
    submitted,
    /** every imageInference the account was billed for (accepted submissions) */
    billedRenders: () => [...renders.values()],
    /** every accepted upload that made Runware download weights (idempotent re-issues are not) */
    billedUploads: () => uploads.filter((u) => !u.failed),
    /** hold the answers to requests with a matching task: the vendor works, the caller never hears */
    stall(when: ((task: Task) => boolean) | null) {
      stallWhen = when;
    },
    /** drop the held connections (the caller sees a network error, as after a restart) */
    releaseStalled() {
      for (const s of stalled) s.destroy();
      stalled.clear();
    },
    /** answer the next request with a refusal of the whole request (no taskUUID) */
    failNext(status: number, code: string, message: string) {
      failures.push({ status, error: { code, message } });
    },
    finishRenders() {
      for (const r of renders.values()) r.done = true;
    },
    /** every accepted upload is deployed now, however recent (a test need not wait out `deployMs`) */
    deployUploads() {
      for (const u of uploads) u.deployed = true;
    },
    assertNoViolations() {
      if (violations.length > 0)
        throw new Error(
          `Runware contract violations:\n${violations.map((v) => JSON.stringify(v)).join('\n')}`,
        );
    },
    async close() {
      for (const s of stalled) s.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
