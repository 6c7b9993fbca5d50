// What other modules (and app-level composition) may use of styles/ (docs/architecture.md "Module walls").
export { defineStylesJobs } from './styles.jobs';
