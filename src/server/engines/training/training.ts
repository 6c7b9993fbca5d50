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
  /** what the pipeline recorded for this model before an earlier start of this attempt (see `start`) */
  recorded: { zipKey: string | null; replicateModelId: string | null };
};

/** What a vendor start records on the model before its billable call. */
export type TrainingAttemptRecord = { zipKey?: string; replicateModelId?: string };

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

/**
 * What removing a vendor's copies of a user's data did (account deletion, issue 22): the ids the vendor
 * removed (or had already removed), and when the vendor's API offers no removal at all, why — the
 * operator guide (docs/operators/privacy-deletion.md) says the same.
 */
export type VendorRemoval = { vendor: string; removed: string[]; notOffered?: string };

export interface TrainingEngine {
  readonly name: 'offline' | 'replicate' | 'ai-toolkit';
  /** how often the pipeline should poll while running */
  readonly pollMs: number;
  /** how long a training may run before the watchdog gives up on it */
  readonly maxDurationMs: number;
  /**
   * Starts the attempt at the vendor, at most once however often it is called: a vendor engine first
   * `record`s the attempt in the database (false: the model moved on, nothing is started, answers
   * null), then makes the billable call; when `input.recorded` shows an earlier call may have gone
   * out (a crash or a lost answer), it adopts the training that call created instead of creating another.
   */
  start(
    input: TrainingJobInput,
    record: (r: TrainingAttemptRecord) => Promise<boolean>,
  ): Promise<TrainingStarted | null>;
  poll(input: TrainingJobInput & { trainingId: string }): Promise<TrainingPoll>;
  /**
   * A trainer running on this worker (a child process): waits at most `ms` for the run to print or
   * end. With it the pipeline keeps the job between polls instead of rescheduling it, so the run is
   * polled, and cancelled, by the worker whose process it is (decision 058).
   */
  waitForChange?(trainingId: string, ms: number): Promise<void>;
  cancel(trainingId: string): Promise<void>;
  /**
   * The attempt ended (canceled, failed) while a start of it may have reached the vendor unanswered
   * (`input.recorded`, no training id): find that training and stop it, so it is not billed for nothing.
   */
  abandon?(input: TrainingJobInput): Promise<void>;
  /** After the weights are ours (committed): drop what the vendor keeps for the training, if anything. */
  release?(r: { replicateModelId: string | null; version: string | null }): Promise<void>;
  /**
   * Account deletion: removes whatever the vendor still keeps of this model's training (its model
   * version). Idempotent: what is already gone counts as removed. Work in flight is cancelled first
   * by the caller (`cancel`/`abandon`).
   */
  removeCopies(r: { replicateModelId: string | null; version: string | null }): Promise<VendorRemoval>;
}
