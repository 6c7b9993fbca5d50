// What other modules (and app-level composition) may use of models/ (docs/architecture.md "Module walls").
export { accessModel } from './model-access';
export { toPublicModel } from './model-view';
export { MAX_INPUT_PIXELS } from './photo-processing';
export { createTrainingService } from './training.service';
export { registerTrainingJobs } from './pipeline.jobs';
export { trainingKey } from './training.settle';
export { lockModel, modelById, updateModel } from './model-records';
