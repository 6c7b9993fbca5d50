// What other modules (and app-level composition) may use of system/ (docs/architecture.md "Module walls").
export { liveProcessors } from './processors';
