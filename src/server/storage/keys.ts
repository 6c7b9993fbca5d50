/**
 * Every storage key the server writes is built here. A key's first segment decides who may read the
 * file (storage.ts ownerOfKey): `u/<userId>/…` is that user's (and admins'), `public/…` is anyone's.
 */

export const PUBLIC_PREFIX = 'public/';
export const STYLE_PREVIEW_PREFIX = `${PUBLIC_PREFIX}styles/`;

/**
 * Every file of one user (their models, generated images and data exports) is under this prefix, so
 * the account deletion (modules/account-deletion/account-deletion.job.ts) erases them all by listing
 * it, and sweeps it once more with a `storage.delete-prefix` job (jobs/storage-cleanup.ts).
 */
export function userPrefix(userId: string) {
  return `u/${userId}/`;
}

/**
 * Keys holding photos of real people (training photos, their thumbnails and face crops, the
 * training zip) or anything built from them, and a user's data exports: served `no-store`, so no
 * browser or shared machine keeps a copy after the page is closed (issue 28, point 6). Generated
 * images are not photographs and are cached briefly (http/files.ts).
 */
export function holdsPhotosOfPeople(key: string) {
  return /^u\/[0-9a-f-]{36}\/(models|exports)\//.test(key);
}

/** Everything of one personal model; deleting the model deletes this prefix. */
export function modelPrefix(userId: string, modelId: string) {
  return `${userPrefix(userId)}models/${modelId}/`;
}

/** A training photo as stored (re-encoded JPEG) and its grid thumbnail. */
export function trainingPhotoKeys(userId: string, modelId: string, imageId: string) {
  const dir = modelPrefix(userId, modelId);
  return { image: `${dir}images/${imageId}.jpg`, thumb: `${dir}thumbs/${imageId}.webp` };
}

/** The photos zip handed to the trainer, one per training attempt. */
export function trainingZipKey(userId: string, modelId: string, attempt: number) {
  return `${modelPrefix(userId, modelId)}training-${attempt}.zip`;
}

/** The trained LoRA weights copied from the trainer. */
export function loraWeightsKey(userId: string, modelId: string) {
  return `${modelPrefix(userId, modelId)}lora.safetensors`;
}

/**
 * Sample `n` the GPU trainer rendered with the LoRA at training step `step` (the model page shows
 * them). The step is in the name so the page can say it without a column of its own.
 */
export function trainingSampleKey(userId: string, modelId: string, n: number, step: number) {
  return `${trainingSamplesPrefix(userId, modelId)}${n}-step-${step}.jpg`;
}
export function trainingSamplesPrefix(userId: string, modelId: string) {
  return `${modelPrefix(userId, modelId)}samples/`;
}

/**
 * The sample number and step of a key under `trainingSamplesPrefix`; the step is null for the
 * `<n>.jpg` of the first release, which did not keep it. Null for any other key.
 */
export function parseTrainingSampleKey(key: string): { n: number; step: number | null } | null {
  const m = /\/samples\/(\d+)(?:-step-(\d+))?\.jpg$/.exec(key);
  return m ? { n: Number(m[1]), step: m[2] === undefined ? null : Number(m[2]) } : null;
}

/** The offline trainer's artifact and the face crops it points at. */
export function offlineArtifactKey(userId: string, modelId: string) {
  return `${modelPrefix(userId, modelId)}artifact.json`;
}
export function offlineCropKey(userId: string, modelId: string, n: number) {
  return `${modelPrefix(userId, modelId)}crop-${n}.webp`;
}

/** One generated image: the original, a small WebP for grids, a blurred WebP for NSFW. */
export function generatedImageKeys(userId: string, imageId: string) {
  const base = `${userPrefix(userId)}images/${imageId}`;
  return { original: `${base}.jpg`, thumb: `${base}.thumb.webp`, blurred: `${base}.blur.webp` };
}

/** A user's data export (issue 22, item 5): under their prefix, so an account deletion takes it too. */
export function dataExportKey(userId: string, exportId: string) {
  return `${userPrefix(userId)}exports/${exportId}.zip`;
}

/** Whether a key is a data export's archive (served to its owner's session only, http/files.ts). */
export function isDataExportKey(key: string) {
  return /^u\/[0-9a-f-]{36}\/exports\//.test(key);
}

/** A preset style's preview picture (public: the style list is shown before sign-in too). */
export function stylePreviewKey(name: string) {
  return `${STYLE_PREVIEW_PREFIX}${name}.webp`;
}

/** A photo pack's cover (public, like style previews): decision 038. */
export const PACK_COVER_PREFIX = `${PUBLIC_PREFIX}packs/`;
export function packCoverKey(name: string) {
  return `${PACK_COVER_PREFIX}${name}.webp`;
}

/**
 * A sample picture of a pack (decision 064): public, named by a hash of what it shows, so a changed
 * prompt or style is a new file and a browser's day-long copy of the old one never stands in for it.
 */
export const PACK_SAMPLE_PREFIX = `${PUBLIC_PREFIX}pack-samples/`;
export function packSampleKey(packId: string, hash: string) {
  return `${PACK_SAMPLE_PREFIX}${packId}/${hash}.webp`;
}
