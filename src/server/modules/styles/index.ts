// What other modules (and app-level composition) may use of styles/ (docs/architecture.md "Module walls").
export { defineStylesJobs } from './styles.jobs';
// the checks and re-encoding of an admin's uploaded picture, shared with photo-pack covers (modules/packs)
export { processStyleImage } from './style-image';
