// What other modules (and app-level composition) may use of consent/ (docs/architecture.md "Module walls").
export { faceAnalysisAllowed } from './face-consent';
export { defineConsentJobs } from './consent.job';
