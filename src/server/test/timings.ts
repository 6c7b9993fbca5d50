import type { Timings } from '../config';

/** Polls and backoffs short enough for a test to watch a whole pipeline run. */
export const TEST_TIMINGS: Timings = {
  trainingPollMs: 100,
  hostingPollMs: 100,
  imagesPollMs: 20,
  pipelineRetryBaseMs: 50,
  watchdogMs: 1000,
};
