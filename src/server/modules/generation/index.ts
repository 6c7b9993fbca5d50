// What other modules (and app-level composition) may use of generation/ (docs/architecture.md "Module walls").
export {
  defineGenerationJob,
  generationLeaseMs,
  runGeneration,
  settleGeneration,
  GENERATION_MAX_ATTEMPTS,
  recordImage,
  storeImage,
} from './generation.job';
export {
  createGenerationService,
  recordGeneration,
  type GenerateInput,
  type GenerationRowValues,
} from './generation.service';
export type { GenerationRequest } from './generation-request';
