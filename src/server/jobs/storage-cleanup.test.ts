import { describe, expect, it } from 'vitest';
import { generatedImageKeys, modelPrefix, userPrefix } from '../storage/keys';
import type { Queue } from './queue';
import { deleteFiles, deleteFilesUnder, SWEEP_AGAIN_MS } from './storage-cleanup';

const U = '0b9a4f0e-5a43-4c1e-9b1e-2a7c7d1f0a11';
const M = '5d3c1b2a-1111-4222-8333-444455556666';

function recordingQueue() {
  const calls: { name: string; payload: unknown }[] = [];
  const queue = {
    enqueue: async (name: string, payload: unknown) => {
      calls.push({ name, payload });
      return 'job-id';
    },
  } as unknown as Queue;
  return { queue, calls };
}

describe('file deletion jobs', () => {
  it('deletes only a user or public folder, never the bucket or a bare top level', () => {
    const { queue } = recordingQueue();
    for (const bad of [
      '',
      '/',
      'u/',
      'public',
      `u/${U}`,
      'u/not-a-user/',
      '../',
      `u/${U}/../x/`,
      'system/',
    ]) {
      expect(() => deleteFilesUnder(queue, null as never, bad), bad).toThrow();
    }
  });

  it("enqueues a model's folder with a second sweep, a user's folder once", async () => {
    const { queue, calls } = recordingQueue();
    await deleteFilesUnder(queue, null as never, modelPrefix(U, M), { sweepAgain: true });
    await deleteFilesUnder(queue, null as never, userPrefix(U));
    expect(calls).toEqual([
      {
        name: 'storage.delete-prefix',
        payload: { prefix: `u/${U}/models/${M}/`, sweepAgainMs: SWEEP_AGAIN_MS },
      },
      { name: 'storage.delete-prefix', payload: { prefix: `u/${U}/` } },
    ]);
  });

  it('enqueues the keys of the layout and skips anything else', async () => {
    const { queue, calls } = recordingQueue();
    const img = generatedImageKeys(U, M);
    await deleteFiles(queue, null as never, [
      img.original,
      img.thumb,
      'https://cdn.example.com/x.jpg',
      '../etc',
    ]);
    expect(calls).toEqual([{ name: 'storage.delete-keys', payload: { keys: [img.original, img.thumb] } }]);
    expect(await deleteFiles(queue, null as never, ['nope'])).toBeNull();
    expect(calls).toHaveLength(1);
  });
});
