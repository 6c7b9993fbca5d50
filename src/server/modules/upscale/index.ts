// What other modules (and app-level composition) may use of upscale/ (docs/architecture.md "Module walls").
export { defineUpscaleJob, failUpscale, UPSCALE_JOB } from './upscale.job';
