import type { VendorRemoval } from '../training/training';

// The model host (Runware's modelUpload or the offline host). Submit once per attempt, then poll.

export type HostUploadInput = {
  modelId: string;
  userId: string;
  modelName: string;
  triggerWord: string;
  /**
   * deterministic per upload attempt so a resubmission after a crash is the same task (the offline
   * host); Runware identifies the model by air + uniqueIdentifier instead and sends fresh taskUUIDs
   */
  taskUUID: string;
  /** which series of uploads this is (bumps the AIR version on a vendor) */
  series: number;
  weightsKey: string | null;
  artifactKey: string | null;
  submittedAt: Date;
};

export type HostPoll =
  | { status: 'processing'; message: string }
  | { status: 'ready'; air: string; message: string }
  | { status: 'failed'; message: string; details?: string };

export interface HostingEngine {
  readonly name: 'offline' | 'runware' | 'comfyui';
  readonly pollMs: number;
  readonly maxDurationMs: number;
  submit(input: HostUploadInput): Promise<void>;
  poll(input: HostUploadInput): Promise<HostPoll>;
  /**
   * Model and account deletion: removes the hosted model (its AIR, or every copy of the model id on a
   * self-hosted engine) where the host offers a way to.
   */
  removeModel(r: { air: string | null; modelId?: string }): Promise<VendorRemoval>;
}
