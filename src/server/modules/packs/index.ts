// What other modules (and app-level composition) may use of packs/ (docs/architecture.md "Module walls").
export { definePacksJobs } from './packs.job';
