// What other modules (and app-level composition) may use of generation/ (docs/architecture.md "Module walls").
export { defineGenerationJob, settleGeneration, storeImage } from './generation.job';
