// What other modules (and app-level composition) may use of vitals/ (docs/architecture.md "Module walls").
export { pruneWebVitals } from './vitals.service';
