import { describe, expect, it } from 'vitest';
import { MODEL_STATUSES } from '@shared/constants';
import { modelStatusLooks } from './model-status-looks';

describe('modelStatusLooks', () => {
  const labels = Object.fromEntries(MODEL_STATUSES.map((s) => [s, `label of ${s}`])) as Record<
    (typeof MODEL_STATUSES)[number],
    string
  >;

  it('pairs every status with its words and its colour', () => {
    expect(modelStatusLooks(labels)).toEqual({
      pending: { label: 'label of pending', variant: 'gray' },
      uploaded: { label: 'label of uploaded', variant: 'blue' },
      training: { label: 'label of training', variant: 'amber' },
      training_complete: { label: 'label of training_complete', variant: 'amber' },
      processing: { label: 'label of processing', variant: 'amber' },
      ready: { label: 'label of ready', variant: 'green' },
      failed: { label: 'label of failed', variant: 'red' },
    });
  });
});
