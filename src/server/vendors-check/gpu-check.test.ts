import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVendorsCheck } from './vendors-check';

// `npm run vendors:check` on a GPU box, without a GPU: a fake nvidia-smi on PATH answering as the
// real one does for `--query-gpu=name,memory.total --format=csv,noheader,nounits`, and a Hugging
// Face cache laid out as huggingface_hub lays it out (models--owner--name/snapshots/<rev>/file).

let tmp: string;
let bin: string;
let toolkit: string;
let cache: string;
// the interpreter itself, not a version manager's shim, so PATH can be narrowed around it
const python = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], {
  encoding: 'utf8',
}).trim();
const SYSTEM_PATH = ['/usr/bin', '/bin'];

async function cached(repo: string, file: string) {
  const dir = path.join(cache, `models--${repo.replace('/', '--')}`, 'snapshots', 'abc123');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, file), 'x');
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'lora-gpu-check-'));
  bin = path.join(tmp, 'bin');
  toolkit = path.join(tmp, 'ai-toolkit');
  cache = path.join(tmp, 'hf', 'hub');
  await mkdir(bin, { recursive: true });
  await mkdir(toolkit, { recursive: true });
  await writeFile(path.join(toolkit, 'run.py'), '# ai-toolkit\n');
  const smi = path.join(bin, 'nvidia-smi');
  await writeFile(smi, `#!/bin/sh\necho "\${FAKE_GPU:-NVIDIA GeForce RTX 4090, 24564}"\n`);
  await chmod(smi, 0o755);
  // what nvidia-smi says on a machine whose driver is missing or broken
  const broken = path.join(tmp, 'no-driver');
  await mkdir(broken);
  await writeFile(
    path.join(broken, 'nvidia-smi'),
    `#!/bin/sh\necho "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver."\nexit 9\n`,
  );
  await chmod(path.join(broken, 'nvidia-smi'), 0o755);
  await cached('black-forest-labs/FLUX.2-klein-base-4B', 'flux-2-klein-base-4b.safetensors');
  await cached('Qwen/Qwen3-4B', 'config.json');
  await cached('ai-toolkit/flux2_vae', 'ae.safetensors');
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const base = { DATA_DIR: '/tmp/lora-vendors-check-test', SESSION_SECRET: 'x'.repeat(40) };
async function run(env: Record<string, string>) {
  const lines: string[] = [];
  const code = await runVendorsCheck({ ...base, ...env }, (l) => lines.push(l));
  return { code, out: lines.join('\n') };
}

describe('npm run vendors:check with GPU_TRAINER=ai-toolkit', () => {
  it('reports run.py, Python, the GPU and the base model files OK', async () => {
    const { code, out } = await run({
      GPU_TRAINER: 'ai-toolkit',
      AI_TOOLKIT_DIR: toolkit,
      AI_TOOLKIT_PYTHON: python,
      PATH: [bin, ...SYSTEM_PATH].join(path.delimiter),
      HF_HUB_CACHE: cache,
    });
    expect(out).toMatch(/training runs on the GPU/);
    expect(out).toMatch(/ai-toolkit\s+OK\s+run\.py found in/);
    expect(out).toMatch(/Python\s+OK\s+Python 3\.\d+\.\d+ \(/);
    expect(out).toMatch(/GPU\s+OK\s+NVIDIA GeForce RTX 4090 \(24 GB\)/);
    expect(out).toMatch(/Base model\s+OK\s+flux2-klein-4b: files in place/);
    expect(code).toBe(0);
  });

  it('says what is missing, each with its fix, and exits 1', async () => {
    const empty = path.join(tmp, 'empty');
    await mkdir(empty, { recursive: true });
    const { code, out } = await run({
      GPU_TRAINER: 'ai-toolkit',
      AI_TOOLKIT_DIR: empty,
      AI_TOOLKIT_PYTHON: path.join(empty, 'venv', 'bin', 'python'),
      PATH: [path.join(tmp, 'no-driver'), ...SYSTEM_PATH].join(path.delimiter),
      HF_HUB_CACHE: path.join(empty, 'hub'),
    });
    expect(code).toBe(1);
    expect(out).toMatch(/ai-toolkit\s+FAILED\s+no run\.py in AI_TOOLKIT_DIR/);
    expect(out).toMatch(/fix: git clone https:\/\/github\.com\/ostris\/ai-toolkit\.git/);
    expect(out).toMatch(/Python\s+FAILED\s+AI_TOOLKIT_PYTHON \(.*\) could not be run \(ENOENT\)/);
    expect(out).toMatch(/fix: set AI_TOOLKIT_PYTHON to the python of ai-toolkit's virtual environment/);
    expect(out).toMatch(
      /GPU\s+FAILED\s+nvidia-smi sees no GPU \(NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver/,
    );
    expect(out).toMatch(/fix: install the NVIDIA driver/);
    expect(out).toMatch(
      /Base model\s+FAILED\s+flux2-klein-4b: missing black-forest-labs\/FLUX\.2-klein-base-4B in the Hugging Face cache/,
    );
    expect(out).toMatch(
      /fix: .*hf download black-forest-labs\/FLUX\.2-klein-base-4B && hf download Qwen\/Qwen3-4B/,
    );
  });

  it('a card too small for the base, and a local base folder without its files', async () => {
    const local = path.join(tmp, 'flux1-dev');
    await mkdir(local, { recursive: true });
    const { code, out } = await run({
      GPU_TRAINER: 'ai-toolkit',
      AI_TOOLKIT_DIR: toolkit,
      GPU_BASE_MODEL: 'flux1-dev',
      GPU_BASE_MODEL_LICENSED: '1',
      GPU_BASE_MODEL_PATH: local,
      AI_TOOLKIT_PYTHON: python,
      PATH: [bin, ...SYSTEM_PATH].join(path.delimiter),
      FAKE_GPU: 'NVIDIA GeForce RTX 4070, 12282',
    });
    expect(code).toBe(1);
    expect(out).toMatch(
      /GPU\s+FAILED\s+NVIDIA GeForce RTX 4070 \(12 GB\): flux1-dev needs about 24 GB to train/,
    );
    expect(out).toMatch(/or GPU_BASE_MODEL=flux2-klein-4b/);
    expect(out).toMatch(/Base model\s+FAILED\s+flux1-dev: missing model_index\.json in GPU_BASE_MODEL_PATH/);
  });
});
