// What other modules (and app-level composition) may use of likeness/ (docs/architecture.md "Module walls").
export { defineLikenessJob, enqueueLikeness } from './likeness.job';
export { modelBestFaceCrop } from './face-reference';
export { likenessAverages } from './likeness-averages';
