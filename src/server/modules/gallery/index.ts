// What other modules (and app-level composition) may use of gallery/ (docs/architecture.md "Module walls").
export { generationImages, packBatchImages } from './gallery.service';
export { downloadName } from './download-name';
