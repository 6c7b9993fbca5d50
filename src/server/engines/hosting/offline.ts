import type { HostingEngine, HostPoll } from './hosting';

export function offlineAir(modelId: string) {
  return `offline:${modelId}@1`;
}

/** The offline host: the model is "deployed" after OFFLINE_HOST_SECONDS; its AIR names the model. */
export function createOfflineHost(opts: { hostSeconds: number; now?: () => number }): HostingEngine {
  const now = opts.now ?? Date.now;
  const totalMs = opts.hostSeconds * 1000;
  return {
    name: 'offline',
    pollMs: Math.max(250, Math.min(2000, totalMs / 4)),
    maxDurationMs: 60 * 60_000,
    async submit(input) {
      if (!input.artifactKey && !input.weightsKey)
        throw new Error('The model has no trained weights to host');
    },
    async poll(input): Promise<HostPoll> {
      if (now() - input.submittedAt.getTime() < totalMs)
        return { status: 'processing', message: 'Optimizing model for inference' };
      return {
        status: 'ready',
        air: offlineAir(input.modelId),
        message: 'Model successfully deployed and ready for use.',
      };
    },
    // the offline host keeps nothing outside this server's database and storage
    async removeModel() {
      return { vendor: 'offline', removed: [] };
    },
  };
}
