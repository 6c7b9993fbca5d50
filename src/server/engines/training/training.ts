// The trainer seen by the model pipeline. Calls are short steps: start once, then poll until terminal.
// Everything an engine needs to resume after a restart comes in as arguments (state lives in the DB).

export type TrainingJobInput = {
  modelId: string;
  userId: string;
  attempt: number;
  triggerWord: string;
  modelName: string;
  /** storage keys of the (re-encoded) training photos */
  imageKeys: string[];
  startedAt: Date;
};

export type TrainingStarted = { trainingId: string; zipKey?: string; replicateModelId?: string };

export type TrainingPoll = {
  /** provider-style raw status: starting | processing | succeeded | failed | canceled */
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  logs: string;
  /** 0–100 when known */
  progress: number | null;
  error?: string;
  /** set when succeeded */
  output?: { artifactKey?: string; weightsKey?: string; version?: string };
};

export interface TrainingEngine {
  readonly name: 'offline' | 'replicate';
  /** how often the pipeline should poll while running */
  readonly pollMs: number;
  /** how long a training may run before the watchdog gives up on it */
  readonly maxDurationMs: number;
  start(input: TrainingJobInput): Promise<TrainingStarted>;
  poll(input: TrainingJobInput & { trainingId: string }): Promise<TrainingPoll>;
  cancel(trainingId: string): Promise<void>;
}
