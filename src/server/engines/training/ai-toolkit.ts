import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import type { Storage } from '../../storage/storage';
import { loraWeightsKey, trainingSampleKey, trainingSamplesPrefix } from '../../storage/keys';
import { EngineError } from '../engine-error';
import { AI_TOOLKIT_JOB_NAME, aiToolkitJobConfig, aiToolkitYaml, stepsForPhotos } from './ai-toolkit-config';
import { aiToolkitFailure, aiToolkitStep, GUARD_PY, pidAlive, type RunExit } from './ai-toolkit-process';
import { isCompleteSafetensors } from './safetensors';
import type { TrainingEngine, TrainingJobInput, TrainingPoll } from './training';

/** Samples kept for the model page (ai-toolkit renders one per prompt). */
export const MAX_SAMPLES = 4;
const LOG_TAIL = 64_000;
/** how long a second training waits before asking again while the GPU is busy */
const BUSY_RETRY_MS = 30_000;

type Run = {
  trainingId: string;
  child: ChildProcess;
  log: WriteStream;
  tail: string;
  exit: RunExit | null;
  cancelled: boolean;
  /** the worker is going (endRuns): the run ended with it, not by itself */
  orphaned: boolean;
  /** resolves when the run prints or ends (waitForChange) */
  changed: Set<() => void>;
  ended: Promise<void>;
};

/** One attempt's run id (also the name of its folder on the worker). */
export function aiToolkitRunId(input: Pick<TrainingJobInput, 'modelId' | 'attempt'>) {
  return `aitk-${input.modelId}-${input.attempt}`;
}

/**
 * The GPU trainer (issue 42): ai-toolkit on this worker's GPU, as a child process. State lives in
 * the run's folder (`DATA_DIR/ai-toolkit/<run id>`) and the database, so a worker that restarts, or
 * another that takes the job back, resumes: finished weights are used as they are, otherwise the
 * run starts again (ai-toolkit itself resumes from its last save when the folder survived).
 */
export type AiToolkitTrainer = ReturnType<typeof createAiToolkitTrainer>;

export function createAiToolkitTrainer(opts: {
  config: Pick<Config, 'gpu' | 'dataDir' | 'timings'>;
  storage: Storage;
}): TrainingEngine & {
  waitForChange(trainingId: string, ms: number): Promise<void>;
  /** runs of this process still going */
  liveRuns(): string[];
  /**
   * What this worker's end does to its runs, done now: each guard's pipe is closed, so it kills its
   * run. Their jobs are left to the worker that takes them back (see poll).
   */
  endRuns(): Promise<void>;
} {
  const gpu = opts.config.gpu;
  const root = path.join(opts.config.dataDir, 'ai-toolkit');
  const runs = new Map<string, Run>();
  const dirOf = (id: string) => path.join(root, id);
  const outputDir = (id: string) => path.join(dirOf(id), 'output', AI_TOOLKIT_JOB_NAME);
  const finalPath = (id: string) => path.join(outputDir(id), `${AI_TOOLKIT_JOB_NAME}.safetensors`);

  function trainerOrFail() {
    if (!gpu.trainer)
      throw new EngineError('The GPU trainer is not configured on this worker (GPU_TRAINER)', false);
    return gpu.trainer;
  }

  const live = (r: Run | undefined) => r !== undefined && r.exit === null;

  /** Folders of runs that ended elsewhere or whose worker is gone: their photos must not stay. */
  async function sweep(keep: string) {
    let names: string[] = [];
    try {
      names = await readdir(root);
    } catch {
      return;
    }
    for (const name of names) {
      if (name === keep || runs.has(name)) continue;
      const owner = await readFile(path.join(root, name, 'owner'), 'utf8').catch(() => '');
      if (owner && pidAlive(Number(owner))) continue;
      await rm(dirOf(name), { recursive: true, force: true });
    }
  }

  async function finishedWeights(id: string): Promise<Buffer | null> {
    const buf = await readFile(finalPath(id)).catch(() => null);
    return buf && isCompleteSafetensors(buf) ? buf : null;
  }

  async function launch(input: TrainingJobInput, id: string): Promise<Run> {
    const trainer = trainerOrFail();
    const dir = dirOf(id);
    const dataset = path.join(dir, 'dataset');
    await rm(dataset, { recursive: true, force: true });
    await mkdir(dataset, { recursive: true });
    let count = 0;
    for (const key of input.imageKeys) {
      const buf = await opts.storage.getBuffer(key);
      if (!buf) continue;
      count++;
      const base = `photo-${String(count).padStart(2, '0')}`;
      await writeFile(path.join(dataset, `${base}.jpg`), buf);
      await writeFile(path.join(dataset, `${base}.txt`), 'a photo of [trigger]\n');
    }
    if (count === 0) {
      await rm(dir, { recursive: true, force: true });
      throw new EngineError('No training images found', false);
    }
    const jobConfig = aiToolkitJobConfig({
      baseModel: gpu.baseModel,
      baseModelPath: gpu.baseModelPath,
      triggerWord: input.triggerWord,
      photoCount: count,
      datasetDir: dataset,
      trainingFolder: path.join(dir, 'output'),
    });
    const configPath = path.join(dir, 'config.yaml');
    await writeFile(configPath, aiToolkitYaml(jobConfig));
    await writeFile(path.join(dir, 'owner'), String(process.pid));
    const log = createWriteStream(path.join(dir, 'run.log'), { flags: 'a' });
    const child = spawn(
      trainer.python,
      ['-u', '-c', GUARD_PY, path.join(trainer.dir, 'run.py'), configPath],
      {
        cwd: trainer.dir,
        stdio: ['pipe', 'pipe', 'pipe'],
        env: { ...process.env, PYTHONUNBUFFERED: '1' },
      },
    );
    let resolveEnded!: () => void;
    const run: Run = {
      trainingId: id,
      child,
      log,
      tail: '',
      exit: null,
      cancelled: false,
      orphaned: false,
      changed: new Set(),
      ended: new Promise((r) => (resolveEnded = r)),
    };
    const notify = () => {
      for (const f of run.changed) f();
      run.changed.clear();
    };
    const onData = (chunk: Buffer) => {
      log.write(chunk);
      run.tail = (run.tail + chunk.toString('utf8')).slice(-LOG_TAIL);
      notify();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    // the pipe stays open for the run's life: its end is the guard's sign that this worker is gone
    child.stdin!.on('error', () => {});
    const ended = (code: number | null, signal: NodeJS.Signals | null) => {
      if (run.exit) return;
      run.exit = { code, signal };
      log.end();
      notify();
      resolveEnded();
    };
    child.on('error', (err) => {
      run.tail += `\nCould not start ${trainer.python}: ${err.message}\n`;
      ended(127, null);
    });
    child.on('close', ended);
    runs.set(id, run);
    return run;
  }

  async function collectSamples(input: TrainingJobInput, id: string): Promise<string[]> {
    const dir = path.join(outputDir(id), 'samples');
    const files = await readdir(dir).catch(() => [] as string[]);
    // `<time>__<step, 9 digits>_<count>.jpg` (BaseSDTrainProcess.sample): keep the last step's
    const parsed = files
      .map((f) => ({ f, m: /__(\d{9})_(\d+)\.(jpg|jpeg|png|webp)$/.exec(f) }))
      .filter((x) => x.m)
      .map((x) => ({ f: x.f, step: Number(x.m![1]), n: Number(x.m![2]) }));
    const last = Math.max(-1, ...parsed.map((p) => p.step));
    const chosen = parsed
      .filter((p) => p.step === last)
      .sort((a, b) => a.n - b.n)
      .slice(0, MAX_SAMPLES);
    // an earlier training of this model (a retrain) left its own: the page shows this run's only
    if (chosen.length > 0)
      await opts.storage.deletePrefix(trainingSamplesPrefix(input.userId, input.modelId));
    const keys: string[] = [];
    for (const [i, p] of chosen.entries()) {
      const key = trainingSampleKey(input.userId, input.modelId, i, p.step);
      await opts.storage.put(key, await readFile(path.join(dir, p.f)), 'image/jpeg');
      keys.push(key);
    }
    return keys;
  }

  async function progressOf(input: TrainingJobInput, logs: string) {
    const bar = aiToolkitStep(logs);
    if (!bar) return null;
    const total = bar.total || stepsForPhotos(input.imageKeys.length);
    return Math.min(99, Math.floor((bar.step / total) * 100));
  }

  async function succeed(input: TrainingJobInput, id: string, weights: Buffer, logs: string) {
    const weightsKey = loraWeightsKey(input.userId, input.modelId);
    await opts.storage.put(weightsKey, weights, 'application/octet-stream');
    await collectSamples(input, id);
    // the photos leave the worker with the run; the folder itself goes once the result is committed
    await rm(path.join(dirOf(id), 'dataset'), { recursive: true, force: true });
    runs.delete(id);
    return {
      status: 'succeeded',
      logs,
      progress: 100,
      // the run id: release() removes the run's folder once the pipeline has committed the weights
      output: { weightsKey, version: id },
    } satisfies TrainingPoll;
  }

  async function discard(id: string) {
    runs.delete(id);
    await rm(dirOf(id), { recursive: true, force: true });
  }

  async function stop(run: Run) {
    run.cancelled = true;
    if (run.exit === null) run.child.kill('SIGTERM');
    await run.ended;
  }

  return {
    name: 'ai-toolkit',
    // the pipeline waits on the run itself (waitForChange); this bounds one wait, so a cancel
    // is seen within it even while the run prints nothing
    pollMs: Math.min(5_000, opts.config.timings.trainingPollMs),
    // published figures: 20–40 minutes on a 24 GB card (docs/operators/self-hosted-gpu.md)
    maxDurationMs: 3 * 60 * 60_000,
    async start(input) {
      trainerOrFail();
      const id = aiToolkitRunId(input);
      const busy = [...runs.values()].find((r) => live(r) && r.trainingId !== id);
      // one GPU, one training: another worker (or this one, later) takes it
      if (busy)
        throw new EngineError('The GPU is busy with another training', true, 503, 'busy', BUSY_RETRY_MS);
      if (!live(runs.get(id))) {
        await sweep(id);
        await launch(input, id);
      }
      return { trainingId: id };
    },
    async poll(input): Promise<TrainingPoll> {
      const id = input.trainingId;
      const run = runs.get(id);
      if (!run) {
        // not started by this process: a restart, or a job taken back from a gone worker, whose
        // run died with it. Weights it finished are used; otherwise it runs again.
        const weights = await finishedWeights(id);
        const earlier = await readFile(path.join(dirOf(id), 'run.log'), 'utf8').catch(() => '');
        if (weights) return succeed(input, id, weights, earlier.slice(-LOG_TAIL));
        const busy = [...runs.values()].find(live);
        if (busy)
          throw new EngineError('The GPU is busy with another training', true, 503, 'busy', BUSY_RETRY_MS);
        await sweep(id);
        const again = await launch(input, id);
        again.tail = `${earlier.slice(-LOG_TAIL / 2)}\nThe run's worker stopped; training again on this worker.\n`;
        return { status: 'starting', logs: again.tail, progress: await progressOf(input, earlier) };
      }
      const logs = run.tail;
      if (run.orphaned)
        throw new EngineError('This worker is stopping; another one takes the training back', true);
      if (run.exit === null)
        return {
          status: aiToolkitStep(logs) ? 'processing' : 'starting',
          logs,
          progress: await progressOf(input, logs),
        };
      if (run.cancelled) {
        await discard(id);
        return { status: 'canceled', logs, progress: null, error: 'Training was canceled' };
      }
      const weights = run.exit.code === 0 ? await finishedWeights(id) : null;
      if (weights) return succeed(input, id, weights, logs);
      const error =
        run.exit.code === 0
          ? `ai-toolkit ended without ${AI_TOOLKIT_JOB_NAME}.safetensors`
          : aiToolkitFailure(logs, run.exit);
      await discard(id);
      return { status: 'failed', logs, progress: await progressOf(input, logs), error };
    },
    async waitForChange(trainingId, ms) {
      const run = runs.get(trainingId);
      if (!live(run)) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          run!.changed.delete(done);
          resolve();
        }
        run!.changed.add(done);
      });
    },
    async cancel(trainingId) {
      // only the worker running it can stop it; elsewhere its job sees the model move on and calls this there
      const run = runs.get(trainingId);
      if (run) {
        await stop(run);
        await discard(trainingId);
        return;
      }
      // a folder left by a worker that is gone (another live process on this machine keeps its own)
      const owner = await readFile(path.join(dirOf(trainingId), 'owner'), 'utf8').catch(() => '');
      if (!owner || !pidAlive(Number(owner))) await discard(trainingId);
    },
    async abandon(input) {
      await this.cancel(aiToolkitRunId(input));
    },
    async release(r) {
      if (r.version?.startsWith('aitk-')) await discard(r.version);
    },
    // weights and samples live under the user's storage prefix; nothing is kept anywhere else
    async removeCopies() {
      return { vendor: 'ai-toolkit', removed: [] };
    },
    liveRuns() {
      return [...runs.values()].filter(live).map((r) => r.trainingId);
    },
    async endRuns() {
      const going = [...runs.values()].filter(live);
      for (const run of going) {
        run.orphaned = true;
        run.child.stdin!.end();
      }
      await Promise.all(going.map((r) => r.ended));
    },
  };
}
