import { Worker } from 'node:worker_threads';
import { sharp } from '../../lib/sharp';
import { EngineError } from '../engine-error';

export type Point = { x: number; y: number };
export type Box = { x: number; y: number; width: number; height: number };
/** mean luma 0–255 and the share of near-black (<16) and near-white (>239) pixels */
export type Exposure = { mean: number; darkShare: number; brightShare: number };

export type DetectedFace = {
  /** detector confidence 0–1 */
  score: number;
  /** in the pixels of the photo as given (after its EXIF orientation) */
  box: Box;
  /** the 68 landmarks (iBUG order), same coordinates as box */
  landmarks: Point[];
  /**
   * 128-d face descriptor: biometric data, see decision 020 — never in an API response. Empty when
   * the caller asked for none (no face-analysis consent, decision 025): then it is never computed.
   */
  descriptor: number[];
  /** face height ÷ the photo's shorter side */
  sizeRatio: number;
  /** rough head pose in degrees (0,0,0 = facing the camera) */
  pose: { yaw: number; pitch: number; roll: number };
  /** variance of the Laplacian of the face resampled to 128×128 */
  sharpness: number;
  exposure: Exposure;
  /** apparent age in years, only when asked for `attributes` (image helper) */
  age?: number | null;
  /** most likely expression (neutral, happy, sad, angry, fearful, disgusted, surprised), only with `attributes` */
  expression?: string | null;
};

export type FaceReport = {
  width: number;
  height: number;
  /** largest first */
  faces: DetectedFace[];
  /** of the whole photo */
  exposure: Exposure;
  /** analysis time in the worker */
  ms: number;
  /** the process's resident memory right after this photo (the worker shares the process) */
  rssBytes: number;
};

/**
 * Offline face analysis (decision 020). One worker thread per process, started on the first call and
 * ended after `idleUnloadMs` without work, so its ~400 MB go back to the system.
 */
export interface FaceEngine {
  readonly name: 'face-api';
  /** every face in a JPEG/PNG/WebP photo; `descriptors: false` skips the descriptor network */
  analyzeFaces(image: Buffer, opts?: { attributes?: boolean; descriptors?: boolean }): Promise<FaceReport>;
  /** the descriptor of the largest face in any image, or null when it shows no face */
  describe(image: Buffer): Promise<number[] | null>;
  /** whether the worker (and its weights) is in memory now */
  loaded(): boolean;
  /** ends the worker now (idle unload and shutdown) */
  unload(): Promise<void>;
}

export type FaceEngineOptions = {
  /** end the worker after this long without a photo */
  idleUnloadMs: number;
  /** one photo may take this long (the first one includes loading the weights) */
  timeoutMs?: number;
  /** photos are analysed with their longer side scaled down to this */
  maxSide?: number;
};

type Pending = { resolve: (r: FaceReport) => void; reject: (e: Error) => void; timer: NodeJS.Timeout };

export function createFaceEngine(opts: FaceEngineOptions): FaceEngine {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  let idleTimer: NodeJS.Timeout | null = null;

  const failAll = (err: Error) => {
    for (const p of pending.values()) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    pending.clear();
  };

  const stop = async () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    const w = worker;
    worker = null;
    if (w) await w.terminate();
  };

  const start = () => {
    const w = new Worker(new URL('./face-worker.mjs', import.meta.url), {
      workerData: { maxSide: opts.maxSide ?? 960 },
      // the worker is plain JavaScript: no TypeScript loader flags from the parent
      execArgv: [],
    });
    w.on('message', (msg: { id: number; report?: FaceReport; error?: string }) => {
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      clearTimeout(p.timer);
      if (msg.report) p.resolve(msg.report);
      else p.reject(new EngineError(`Face analysis failed: ${msg.error ?? 'unknown error'}`, false));
      if (pending.size === 0) armIdle();
    });
    // an old worker ending after an idle unload must not fail the requests of the one that replaced it
    w.on('error', (err) => {
      if (worker !== null && worker !== w) return;
      worker = null;
      failAll(new EngineError(`Face analysis stopped: ${err.message}`, true));
    });
    w.on('exit', () => {
      if (worker !== null && worker !== w) return;
      worker = null;
      failAll(new EngineError('Face analysis stopped', true));
    });
    // an idle worker must not keep the process alive
    w.unref();
    return w;
  };

  const armIdle = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => void stop(), opts.idleUnloadMs);
    idleTimer.unref();
  };

  const analyzeFaces = (
    image: Buffer,
    o: { attributes?: boolean; descriptors?: boolean } = {},
  ): Promise<FaceReport> => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    worker ??= start();
    const w = worker;
    const id = nextId++;
    return new Promise<FaceReport>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new EngineError('Face analysis timed out', true, undefined, 'timeout'));
        // a stuck inference is only cleared by a fresh thread
        if (worker === w) void stop();
      }, opts.timeoutMs ?? 120_000);
      pending.set(id, { resolve, reject, timer });
      // a copy: the caller keeps its buffer
      const copy = new Uint8Array(image);
      w.postMessage(
        { id, image: copy, attributes: o.attributes === true, descriptors: o.descriptors !== false },
        [copy.buffer],
      );
    });
  };

  return {
    name: 'face-api',
    analyzeFaces,
    async describe(image) {
      const report = await analyzeFaces(image);
      return report.faces[0]?.descriptor ?? null;
    },
    loaded: () => worker !== null,
    unload: stop,
  };
}

/** Euclidean distance between two descriptors (face-api's measure: same person mostly < 0.45). */
export function faceDistance(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] - b[i]) ** 2;
  return Math.sqrt(s);
}

/** Element-wise median: one stray photo cannot drag the reference the way a mean would. */
export function medianDescriptor(list: readonly (readonly number[])[]): number[] | null {
  if (list.length === 0) return null;
  const out: number[] = [];
  for (let i = 0; i < list[0].length; i++) {
    const col = list.map((d) => d[i]).sort((x, y) => x - y);
    const m = col.length >> 1;
    out.push(col.length % 2 ? col[m] : (col[m - 1] + col[m]) / 2);
  }
  return out;
}

/** A square crop around a face with `margin` (share of the face size) on each side, as JPEG. */
export async function cropFace(image: Buffer, box: Box, opts: { margin?: number; size?: number } = {}) {
  const img = sharp(image).rotate();
  const meta = await img.metadata();
  const swap = (meta.orientation ?? 1) >= 5;
  const W = (swap ? meta.height : meta.width) ?? 0;
  const H = (swap ? meta.width : meta.height) ?? 0;
  const side = Math.min(W, H, Math.round(Math.max(box.width, box.height) * (1 + 2 * (opts.margin ?? 0.4))));
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const left = Math.max(0, Math.min(W - side, Math.round(cx - side / 2)));
  const top = Math.max(0, Math.min(H - side, Math.round(cy - side / 2)));
  const out = sharp(await img.toBuffer()).extract({ left, top, width: side, height: side });
  return (opts.size ? out.resize(opts.size, opts.size) : out).jpeg({ quality: 90 }).toBuffer();
}
