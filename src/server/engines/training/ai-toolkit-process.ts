import { AI_TOOLKIT_JOB_NAME } from './ai-toolkit-config';

// The run's process as the trainer (ai-toolkit.ts) sees it: the guard that keeps it from outliving
// its worker, and what its log says (progress, why it failed).

/** How a run's process ended. */
export type RunExit = { code: number | null; signal: NodeJS.Signals | null };

/**
 * Runs ai-toolkit's run.py under a guard. The guard starts run.py in a session of its own and reads
 * its stdin, a pipe from this worker: when the worker ends however it ends (SIGKILL included) the
 * pipe closes and the guard kills the whole session, so no training outlives its worker; a SIGTERM
 * (a cancel) does the same at once. Inline, so nothing else has to be installed beside ai-toolkit.
 */
export const GUARD_PY = `
import os, signal, subprocess, sys, threading
run_py, config = sys.argv[1], sys.argv[2]
child = subprocess.Popen([sys.executable, '-u', run_py, config], cwd=os.path.dirname(os.path.abspath(run_py)), stdin=subprocess.DEVNULL, start_new_session=True)
def stop(*_):
    try:
        os.killpg(child.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
def watch_worker():
    while sys.stdin.buffer.read(1024):
        pass
    stop()
    os._exit(137)
threading.Thread(target=watch_worker, daemon=True).start()
signal.signal(signal.SIGTERM, lambda *a: (stop(), os._exit(143)))
rc = child.wait()
# os._exit: the reader thread still holds stdin, which a normal interpreter shutdown would wait on
os._exit(rc if rc >= 0 else 128 - rc)
`;

/**
 * ai-toolkit's progress bar is tqdm with the job's name as its description (ToolkitProgressBar in
 * jobs/process/BaseSDTrainProcess.py): `lora:  12%|█▏        | 120/1000 [01:23<10:12,  1.44it/s, lr: …]`.
 * Other bars (latent caching, sampling) have other descriptions and are skipped.
 */
const BAR_RE = new RegExp(
  `(?:^|[\\r\\n])${AI_TOOLKIT_JOB_NAME}:\\s+\\d{1,3}%\\|[^|\\r\\n]*\\|\\s*(\\d+)/(\\d+)`,
  'g',
);

export function aiToolkitStep(logs: string): { step: number; total: number } | null {
  let last: { step: number; total: number } | null = null;
  for (const m of logs.slice(-16_384).matchAll(BAR_RE)) {
    const total = Number(m[2]);
    if (total > 0) last = { step: Number(m[1]), total };
  }
  return last;
}

/** CUDA's and PyTorch's words for a full GPU. */
const OOM_RE = /CUDA out of memory|torch\.OutOfMemoryError|OutOfMemoryError|CUBLAS_STATUS_ALLOC_FAILED/;

/** What a failed run's log says, in a line for the person who trained. */
export function aiToolkitFailure(logs: string, exit: RunExit): string {
  if (OOM_RE.test(logs))
    return 'The GPU ran out of memory. Use a card with more memory, or stop other work on it.';
  const lines = logs
    .split(/\r|\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const said = [...lines].reverse().find((l) => /error|exception/i.test(l)) ?? lines.at(-1) ?? '';
  const how = exit.code !== null ? `exit code ${exit.code}` : `signal ${exit.signal}`;
  return `ai-toolkit stopped (${how})${said ? `: ${said.slice(0, 300)}` : ''}`;
}

/** Whether a process (a run's owner, another worker on this machine) still lives. */
export function pidAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
