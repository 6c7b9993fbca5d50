import {
  runwareRequest,
  taskError,
  type RunwareClientOptions,
  type RunwareReply,
} from './images/runware-tasks';

/** One Runware REST client per process, shared by hosting, images and vision. */
export type RunwareClient = {
  readonly options: RunwareClientOptions;
  /** the whole answer: data[] and errors[] (a task's own error is the caller's to judge) */
  request<T>(tasks: object[], opts?: { timeoutMs?: number }): Promise<RunwareReply<T>>;
  /** the data of tasks that must all succeed: the first task error is thrown with its message */
  tasks<T>(tasks: object[], opts?: { timeoutMs?: number }): Promise<T[]>;
};

export function createRunwareClient(options: RunwareClientOptions): RunwareClient {
  const request = <T>(tasks: object[], opts?: { timeoutMs?: number }) =>
    runwareRequest<T>(opts?.timeoutMs ? { ...options, timeoutMs: opts.timeoutMs } : options, tasks);
  return {
    options,
    request,
    async tasks<T>(tasks: object[], opts?: { timeoutMs?: number }) {
      const reply = await request<T>(tasks, opts);
      if (reply.errors.length > 0) throw taskError(reply.errors[0], 'The image provider reported an error');
      return reply.data;
    },
  };
}
