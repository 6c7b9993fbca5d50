/**
 * A strict double of Runware's REST API, written from Runware's own contract (runware-typescript
 * src/types/task-map.ts, generated from Runware's schema map; src/transport/rest.ts and src/client.ts
 * for the envelope and async delivery; the bring-your-own-model notes for modelUpload):
 *
 * - POST <base>, `Authorization: Bearer <key>`, body a JSON array of tasks, each with `taskType` and a
 *   UUID v4 `taskUUID`; answers `{ data: [...] }` or `{ errors: [{ code, message, parameter?,
 *   taskType?, taskUUID? }] }`.
 * - imageInference: the parameters of the base model's architecture only (flux-1-dev, flux-1-schnell,
 *   sdxl), required positivePrompt/width/height/model, `safety: { checkContent }` (legacy `checkNSFW`
 *   refused), `lora: [{ model: AIR, weight }]`; `deliveryMethod: 'async'` answers an ack, then
 *   getResponse reports processing | success items. Images are served at public URLs (no token).
 * - caption (caption-image): `model` and `inputs: { image }` (legacy `inputImage` refused).
 * - modelUpload: its documented fields only (no deliveryMethod/webhookURL), an AIR under a source the
 *   account owns; re-issuing the same `air` + `uniqueIdentifier` is idempotent and answers the model's
 *   state; getResponse for an upload's taskUUID stays `processing` for ever (a documented backend
 *   issue), so readiness must be probed another way.
 * - modelSearch by AIR.
 * - upscale (sdk-js Runware/types.ts IUpscaleGan, ETaskType.UPSCALE = 'upscale'; the SDK renamed it
 *   from `upscaleImage`): `inputImage` (an image UUID, a data URI, plain base64 or a public URL; PNG,
 *   JPG or WEBP), `model` (an upscaler AIR; only SwinIR does ×4), `upscaleFactor` 2 | 4,
 *   `outputType`, `outputFormat`, `outputQuality` 20–99, `deliveryMethod`, `includeCost`,
 *   `webhookURL`, `uploadEndpoint`, `ttl`, `settings`; the result is at most 4096×4096 (a larger one
 *   is quietly made from a shrunk input, so our side must never ask for it).
 *
 * Everything received is recorded; everything our side got wrong is a violation (tests assert none).
 * A re-used taskUUID is refused: the contract gives each task its own id and says nothing of re-use.
 */

export type Violation = {
  code: string;
  message: string;
  parameter?: string;
  taskType?: string;
  taskUUID?: string;
};
export type Task = Record<string, unknown> & { taskType?: unknown; taskUUID?: unknown };
export type ApiError = {
  code: string;
  message: string;
  parameter?: string;
  taskType?: string;
  taskUUID?: string;
};

export type RunwareDoubleOptions = {
  apiKey: string;
  /** AIR sources the account owns (created in its dashboard) */
  airSources: string[];
  /** checkpoints (base models) by AIR → architecture */
  checkpoints?: Record<string, string>;
  /** catalogue LoRAs (style LoRAs) by AIR → architecture */
  loras?: Record<string, string>;
  /** can Runware fetch this downloadURL without credentials? (default: any http(s) URL) */
  fetchDownload?: (url: string) => Promise<boolean>;
  /** how long an accepted upload takes to be deployed */
  deployMs?: number;
  /** how long a render takes */
  renderMs?: number;
  /** which images come back flagged by the content check */
  nsfw?: (prompt: string, index: number) => boolean;
};

export type Render = { taskUUID: string; task: Task; createdAt: number; done: boolean };
export type Upload = {
  air: string;
  uniqueIdentifier: string;
  architecture: string;
  downloadURL: string;
  createdAt: number;
  failed?: string;
  /** deployed before `deployMs` passed (`deployUploads`) */
  deployed?: boolean;
};

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const AIR = /^[a-z0-9_-]+:[a-z0-9_.-]+@[a-z0-9_.-]+$/i;
export const SCHEDULERS_ANY = (v: unknown) => typeof v === 'string';

// top-level parameters per architecture, as in the schema-generated Flux1DevParams,
// Flux1SchnellParams and SdxlParams
export const COMMON = [
  'webhookURL',
  'includeCost',
  'model',
  'numberResults',
  'uploadEndpoint',
  'ttl',
  'outputType',
  'outputFormat',
  'outputQuality',
  'deliveryMethod',
  'safety',
  'watermark',
];
export const ARCH_PARAMS: Record<string, string[]> = {
  flux1d: [
    'inputs',
    'positivePrompt',
    'negativePrompt',
    'width',
    'height',
    'seed',
    'steps',
    'scheduler',
    'CFGScale',
    'strength',
    'maskMargin',
    'promptWeighting',
    'acceleratorOptions',
    'outpaint',
    'lora',
    'controlNet',
    'ipAdapters',
    'hiresFix',
    'layerDiffuse',
    'pulid',
    'trueCFGScale',
    'ultralytics',
    ...COMMON,
  ],
  flux1s: [
    'inputs',
    'positivePrompt',
    'negativePrompt',
    'width',
    'height',
    'seed',
    'steps',
    'scheduler',
    'CFGScale',
    'strength',
    'maskMargin',
    'promptWeighting',
    'acceleratorOptions',
    'outpaint',
    'lora',
    'hiresFix',
    'trueCFGScale',
    'ultralytics',
    ...COMMON,
  ],
  sdxl: [
    'inputs',
    'positivePrompt',
    'negativePrompt',
    'width',
    'height',
    'seed',
    'steps',
    'scheduler',
    'CFGScale',
    'strength',
    'maskMargin',
    'clipSkip',
    'vae',
    'promptWeighting',
    'acceleratorOptions',
    'outpaint',
    'lora',
    'controlNet',
    'ipAdapters',
    'refiner',
    'embeddings',
    'hiresFix',
    'photoMaker',
    'ultralytics',
    ...COMMON,
  ],
};
export const FAMILY: Record<string, string> = {
  flux1d: 'flux',
  flux1s: 'flux',
  sdxl: 'sdxl',
  pony: 'sdxl',
  sd1x: 'sd1',
};
export const LEGACY: Record<string, Record<string, string>> = {
  imageInference: { checkNSFW: "'checkNSFW' is no longer supported: use 'safety.checkContent'" },
  caption: { inputImage: "'inputImage' is no longer supported: use 'inputs.image'" },
  modelUpload: {
    deliveryMethod: "'deliveryMethod' is not a modelUpload parameter",
    webhookURL: "'webhookURL' is not a modelUpload parameter",
  },
};
export const UPLOAD_PARAMS = [
  'category',
  'type',
  'architecture',
  'format',
  'air',
  'uniqueIdentifier',
  'name',
  'version',
  'downloadURL',
  'defaultScheduler',
  'defaultSteps',
  'defaultCFG',
  'defaultStrength',
  'defaultWeight',
  'private',
  'heroImageURL',
  'tags',
  'positiveTriggerWords',
  'negativeTriggerWords',
  'shortDescription',
  'comment',
];
// the sdk-js EModelArchitecture values
export const UPLOAD_ARCHITECTURES = [
  'flux1d',
  'flux1s',
  'pony',
  'sdhyper',
  'sd1x',
  'sd1xlcm',
  'sd3',
  'sdxl',
  'sdxllcm',
  'sdxldistilled',
  'sdxlhyper',
  'sdxllightning',
  'sdxlturbo',
];
export const CAPTION_MODELS = ['runware:150@2', 'runware:151@1', 'runware:152@1', 'runware:152@2'];
export const UPSCALE_PARAMS = [
  'inputImage',
  'model',
  'upscaleFactor',
  'outputType',
  'outputFormat',
  'outputQuality',
  'deliveryMethod',
  'includeCost',
  'webhookURL',
  'uploadEndpoint',
  'ttl',
  'settings',
];
/** Runware's upscalers: Clarity, CCSR, SD latent upscaler, SwinIR (the only one doing ×4) */
export const UPSCALE_MODELS = ['runware:500@1', 'runware:501@1', 'runware:502@1', 'runware:503@1'];
export const UPSCALE_X4_MODELS = ['runware:503@1'];
export const UPSCALE_MAX_SIDE = 4096;
export const SEARCH_PARAMS = [
  'search',
  'source',
  'category',
  'architecture',
  'capabilities',
  'visibility',
  'limit',
  'offset',
  'sort',
];

export class Refusal extends Error {
  constructor(public readonly error: ApiError) {
    super(error.message);
  }
}

/**
 * The double's checks of one task: each refusal is answered the way Runware answers it and recorded
 * in `violations`.
 */
export function taskChecks(violations: Violation[]) {
  const violate = (v: Violation) => violations.push(v);
  const refuse = (task: Task, code: string, message: string, parameter?: string): never => {
    const error: ApiError = {
      code,
      message,
      ...(parameter ? { parameter } : {}),
      taskType: String(task.taskType ?? ''),
      taskUUID: typeof task.taskUUID === 'string' ? task.taskUUID : undefined,
    };
    violate(error);
    throw new Refusal(error);
  };
  const cap = (key: string) => `${key[0].toUpperCase()}${key.slice(1)}`;
  /** Runware's answer to a required parameter left out */
  const missing = (task: Task, key: string): never =>
    refuse(task, `missing${cap(key)}`, `Missing required parameter '${key}'.`, key);
  /** Runware's answer to a parameter of the wrong type or range (with the allowed values when listed) */
  const invalid = (task: Task, key: string, allowed?: unknown[]): never =>
    refuse(
      task,
      `invalid${cap(key)}`,
      `Invalid value for '${key}' parameter.${allowed ? ` Allowed: ${allowed.join(', ')}.` : ''}`,
      key,
    );

  function onlyKnown(task: Task, allowed: string[]) {
    const legacy = LEGACY[String(task.taskType)] ?? {};
    for (const key of Object.keys(task)) {
      if (key === 'taskType' || key === 'taskUUID') continue;
      if (legacy[key]) refuse(task, 'unsupportedParameter', legacy[key], key);
      if (!allowed.includes(key)) refuse(task, 'unknownParameter', `Unknown parameter '${key}'.`, key);
    }
  }
  function str(task: Task, key: string, o: { required?: boolean; min?: number; max?: number } = {}) {
    const v = task[key];
    if (v === undefined) {
      if (o.required) missing(task, key);
      return undefined;
    }
    if (typeof v !== 'string' || v.length < (o.min ?? 0) || v.length > (o.max ?? Infinity))
      invalid(task, key);
    return v as string;
  }
  function num(
    task: Task,
    key: string,
    o: { required?: boolean; int?: boolean; min?: number; max?: number; step?: number } = {},
  ) {
    const v = task[key];
    if (v === undefined) {
      if (o.required) missing(task, key);
      return undefined;
    }
    const bad =
      typeof v !== 'number' ||
      !Number.isFinite(v) ||
      (o.int && !Number.isInteger(v)) ||
      v < (o.min ?? -Infinity) ||
      v > (o.max ?? Infinity) ||
      (o.step && v % o.step !== 0);
    if (bad) invalid(task, key);
    return v as number;
  }
  function oneOf(task: Task, key: string, values: unknown[]) {
    const v = task[key];
    if (v !== undefined && !values.includes(v)) invalid(task, key, values);
  }
  function bool(task: Task, key: string) {
    if (task[key] !== undefined && typeof task[key] !== 'boolean') invalid(task, key);
  }
  /** caption (caption-image): `model` and `inputs: { image }` */
  function checkCaption(task: Task) {
    onlyKnown(task, ['webhookURL', 'includeCost', 'model', 'deliveryMethod', 'inputs']);
    const model = str(task, 'model', { required: true })!;
    if (!CAPTION_MODELS.includes(model))
      refuse(task, 'invalidModel', `Model '${model}' does not caption images.`, 'model');
    oneOf(task, 'deliveryMethod', ['sync', 'async']);
    bool(task, 'includeCost');
    const inputs = task.inputs as Record<string, unknown> | undefined;
    if (!inputs || typeof inputs !== 'object' || Array.isArray(inputs))
      refuse(task, 'missingInputs', "Missing required parameter 'inputs'.", 'inputs');
    for (const k of Object.keys(inputs!))
      if (k !== 'image') refuse(task, 'unknownParameter', `Unknown parameter 'inputs.${k}'.`, `inputs.${k}`);
    const image = inputs!.image;
    if (typeof image !== 'string' || image.length < 8)
      refuse(task, 'missingInputsImage', "Missing required parameter 'inputs.image'.", 'inputs.image');
    const ok =
      /^data:image\/(jpeg|png|webp);base64,/.test(image as string) ||
      /^https?:\/\//.test(image as string) ||
      UUID_V4.test(image as string);
    if (!ok)
      refuse(task, 'invalidInputsImage', "Invalid value for 'inputs.image' parameter.", 'inputs.image');
  }

  function checkSafety(task: Task) {
    if (task.safety === undefined) return;
    const s = task.safety as Record<string, unknown>;
    if (!s || typeof s !== 'object' || Array.isArray(s))
      refuse(task, 'invalidSafety', "Invalid value for 'safety' parameter.", 'safety');
    for (const k of Object.keys(s))
      if (k !== 'checkContent')
        refuse(task, 'unknownParameter', `Unknown parameter 'safety.${k}'.`, `safety.${k}`);
    if (s.checkContent !== undefined && typeof s.checkContent !== 'boolean')
      refuse(
        task,
        'invalidSafety',
        "Invalid value for 'safety.checkContent' parameter.",
        'safety.checkContent',
      );
  }

  /** upscale: the checks of its parameters; answers the input image's bytes when it can read them */
  function checkUpscale(task: Task): { factor: number; data: Buffer | null } {
    onlyKnown(task, UPSCALE_PARAMS);
    const model = str(task, 'model', { required: true })!;
    if (!UPSCALE_MODELS.includes(model))
      refuse(task, 'invalidModel', `Model '${model}' does not upscale images.`, 'model');
    const factor = num(task, 'upscaleFactor', { required: true, int: true })!;
    oneOf(task, 'upscaleFactor', [2, 4]);
    if (factor === 4 && !UPSCALE_X4_MODELS.includes(model))
      refuse(task, 'invalidUpscaleFactor', `Model '${model}' does not upscale ×4.`, 'upscaleFactor');
    oneOf(task, 'outputType', ['URL', 'base64Data', 'dataURI']);
    oneOf(task, 'outputFormat', ['JPG', 'PNG', 'WEBP']);
    num(task, 'outputQuality', { int: true, min: 20, max: 99 });
    num(task, 'ttl', { int: true, min: 60 });
    oneOf(task, 'deliveryMethod', ['sync', 'async']);
    bool(task, 'includeCost');
    const input = str(task, 'inputImage', { required: true, min: 8 })!;
    const uri = /^data:image\/(jpeg|png|webp);base64,(.+)$/s.exec(input);
    const ok = uri || /^https?:\/\//.test(input) || UUID_V4.test(input) || /^[A-Za-z0-9+/=]+$/.test(input);
    if (!ok) refuse(task, 'invalidInputImage', "Invalid value for 'inputImage' parameter.", 'inputImage');
    return { factor, data: uri ? Buffer.from(uri[2]!, 'base64') : null };
  }

  return { violate, refuse, onlyKnown, str, num, oneOf, bool, checkCaption, checkSafety, checkUpscale };
}
