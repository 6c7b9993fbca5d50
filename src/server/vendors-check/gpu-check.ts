import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config';
import { GPU_BASE_REPOS } from '../engines/training/ai-toolkit-config';

/**
 * The GPU trainer's part of `npm run vendors:check` (issue 42), run on the GPU box: ai-toolkit's
 * run.py and the Python that starts it, a GPU nvidia-smi can see, and the base model's files where
 * ai-toolkit will look for them. Each failure comes with its fix.
 */

export type GpuVerdict = { check: string; status: 'OK' | 'FAILED'; detail: string; fix?: string };

/** The memory each base needs to train (ai-toolkit's published figures; docs/operators/self-hosted-gpu.md). */
const NEEDED_GB: Record<Config['gpu']['baseModel'], number> = { 'flux2-klein-4b': 12, 'flux1-dev': 24 };

type Ran = { code: number | null; out: string; error?: string };

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Ran> {
  return new Promise((resolve) => {
    let out = '';
    let settled = false;
    const done = (r: Ran) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        resolve(r);
      }
    };
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      done({ code: null, out, error: `no answer within ${Math.round(timeoutMs / 1000)} s` });
    }, timeoutMs);
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('error', (err: NodeJS.ErrnoException) =>
      done({ code: null, out, error: err.code ?? err.message }),
    );
    child.on('close', (code) => done({ code, out }));
  });
}

/** Where huggingface_hub keeps downloads: HF_HUB_CACHE, else HF_HOME/hub, else ~/.cache/huggingface/hub. */
export function hfHubCache(env: NodeJS.ProcessEnv) {
  if (env.HF_HUB_CACHE) return env.HF_HUB_CACHE;
  const home =
    env.HF_HOME ?? path.join(env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'huggingface');
  return path.join(home, 'hub');
}

/** Whether a repository's snapshot in the cache holds `file` (or any file, without one). */
function cached(cache: string, repo: string, file?: string) {
  const snapshots = path.join(cache, `models--${repo.replace('/', '--')}`, 'snapshots');
  let revisions: string[] = [];
  try {
    revisions = readdirSync(snapshots);
  } catch {
    return false;
  }
  return revisions.some((r) => {
    const dir = path.join(snapshots, r);
    if (file) return existsSync(path.join(dir, file));
    try {
      return readdirSync(dir).length > 0;
    } catch {
      return false;
    }
  });
}

function baseModelVerdict(gpu: Config['gpu'], env: NodeJS.ProcessEnv): GpuVerdict {
  const check = 'Base model';
  const klein = gpu.baseModel === 'flux2-klein-4b';
  const download = (repo: string) => `hf download ${repo}`;
  // the files ai-toolkit loads for each base (extensions_built_in/diffusion_models/flux2, the FLUX.1 example)
  const transformer = klein ? 'flux-2-klein-base-4b.safetensors' : 'model_index.json';
  const cache = hfHubCache(env);
  const missing: string[] = [];
  const fixes: string[] = [];
  if (gpu.baseModelPath) {
    if (!existsSync(path.join(gpu.baseModelPath, transformer))) {
      missing.push(`${transformer} in GPU_BASE_MODEL_PATH (${gpu.baseModelPath})`);
      fixes.push(`${download(GPU_BASE_REPOS[gpu.baseModel])} --local-dir ${gpu.baseModelPath}`);
    }
  } else if (!cached(cache, GPU_BASE_REPOS[gpu.baseModel], transformer)) {
    missing.push(`${GPU_BASE_REPOS[gpu.baseModel]} in the Hugging Face cache (${cache})`);
    fixes.push(download(GPU_BASE_REPOS[gpu.baseModel]));
  }
  if (klein) {
    // FLUX.2-klein's text encoder and VAE come from their own repositories
    if (!cached(cache, 'Qwen/Qwen3-4B')) {
      missing.push(`the text encoder Qwen/Qwen3-4B in ${cache}`);
      fixes.push(download('Qwen/Qwen3-4B'));
    }
    const localVae = gpu.baseModelPath && existsSync(path.join(gpu.baseModelPath, 'ae.safetensors'));
    if (!localVae && !cached(cache, 'ai-toolkit/flux2_vae')) {
      missing.push(`the VAE ai-toolkit/flux2_vae in ${cache}`);
      fixes.push(download('ai-toolkit/flux2_vae'));
    }
  }
  if (missing.length > 0)
    return {
      check,
      status: 'FAILED',
      detail: `${gpu.baseModel}: missing ${missing.join('; ')} (the first training would download it, or fail without a Hugging Face token)`,
      fix: `as the worker's user, with HF_TOKEN set if the repository is gated: ${fixes.join(' && ')}`,
    };
  return {
    check,
    status: 'OK',
    detail: `${gpu.baseModel}: files in place (${gpu.baseModelPath ?? cache})`,
  };
}

export async function checkGpuTrainer(
  config: Config,
  env: NodeJS.ProcessEnv,
  opts: { timeoutMs?: number } = {},
): Promise<GpuVerdict[]> {
  const trainer = config.gpu.trainer;
  if (!trainer) return [];
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const verdicts: GpuVerdict[] = [];
  const runPy = path.join(trainer.dir, 'run.py');
  verdicts.push(
    existsSync(runPy)
      ? { check: 'ai-toolkit', status: 'OK', detail: `run.py found in ${trainer.dir}` }
      : {
          check: 'ai-toolkit',
          status: 'FAILED',
          detail: `no run.py in AI_TOOLKIT_DIR (${trainer.dir})`,
          fix: 'git clone https://github.com/ostris/ai-toolkit.git into that folder and check out the commit docs/operators/self-hosted-gpu.md names, or set AI_TOOLKIT_DIR to where it is',
        },
  );
  const py = await run(
    trainer.python,
    ['-c', 'import sys; print("Python %d.%d.%d" % sys.version_info[:3])'],
    env,
    timeoutMs,
  );
  const version = /Python (\d+)\.(\d+)\.\d+/.exec(py.out);
  if (py.code !== 0 || !version)
    verdicts.push({
      check: 'Python',
      status: 'FAILED',
      detail: `AI_TOOLKIT_PYTHON (${trainer.python}) could not be run (${py.error ?? `exit code ${py.code}`})`,
      fix: "set AI_TOOLKIT_PYTHON to the python of ai-toolkit's virtual environment, e.g. <AI_TOOLKIT_DIR>/venv/bin/python",
    });
  else if (Number(version[1]) < 3 || (Number(version[1]) === 3 && Number(version[2]) < 10))
    verdicts.push({
      check: 'Python',
      status: 'FAILED',
      detail: `${version[0]} is older than ai-toolkit needs (3.10 or later)`,
      fix: 'create the virtual environment with Python 3.10–3.12 and point AI_TOOLKIT_PYTHON at its python',
    });
  else verdicts.push({ check: 'Python', status: 'OK', detail: `${version[0]} (${trainer.python})` });

  const smi = await run(
    'nvidia-smi',
    ['--query-gpu=name,memory.total', '--format=csv,noheader,nounits'],
    env,
    timeoutMs,
  );
  const gpus = smi.out
    .split('\n')
    .map((l) => l.split(',').map((x) => x.trim()))
    .filter((p) => p.length === 2 && p[0] && Number.isFinite(Number(p[1])));
  if (smi.code !== 0 || gpus.length === 0)
    verdicts.push({
      check: 'GPU',
      status: 'FAILED',
      detail: `nvidia-smi ${smi.error === 'ENOENT' ? 'is not installed' : `sees no GPU (${smi.error ?? (smi.out.trim().slice(0, 160) || `exit code ${smi.code}`)})`}`,
      fix: 'install the NVIDIA driver (it brings nvidia-smi) on this machine; in a container, start it with the GPU passed through (docker run --gpus all)',
    });
  else {
    const needed = NEEDED_GB[config.gpu.baseModel];
    const best = Math.max(...gpus.map((g) => Number(g[1]) / 1024));
    const list = gpus.map((g) => `${g[0]} (${Math.round(Number(g[1]) / 1024)} GB)`).join(', ');
    verdicts.push(
      best + 0.5 >= needed
        ? { check: 'GPU', status: 'OK', detail: list }
        : {
            check: 'GPU',
            status: 'FAILED',
            detail: `${list}: ${config.gpu.baseModel} needs about ${needed} GB to train`,
            fix: `use a card with ${needed} GB or more${config.gpu.baseModel === 'flux1-dev' ? ', or GPU_BASE_MODEL=flux2-klein-4b (about 12 GB)' : ''}`,
          },
    );
  }
  verdicts.push(baseModelVerdict(config.gpu, env));
  return verdicts;
}
