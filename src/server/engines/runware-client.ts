import { runwareTasks, type RunwareClientOptions } from './images/runware-tasks';

/** One Runware REST client per process, shared by hosting, images and vision. */
export type RunwareClient = {
  readonly options: RunwareClientOptions;
  tasks<T>(tasks: object[], opts?: { timeoutMs?: number }): Promise<T[]>;
};

export function createRunwareClient(options: RunwareClientOptions): RunwareClient {
  return {
    options,
    tasks: (tasks, opts) => runwareTasks(opts?.timeoutMs ? { ...options, timeoutMs: opts.timeoutMs } : options, tasks),
  };
}
