// The face-analysis thread (decision 020). Plain JavaScript so it loads in a worker thread under any
// runner (tsx, vitest, node) without a TypeScript loader. It loads face-api (SSD-MobileNet detector,
// 68-point landmarks, 128-d descriptor) on TensorFlow.js' WebAssembly backend once, from the weights
// the package ships, and answers { id, image } messages one at a time with a FaceReport
// (src/server/engines/vision/faces.ts) or { id, error }.
import { Buffer } from 'node:buffer';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const MAX_SIDE = workerData?.maxSide ?? 960;
const MIN_CONFIDENCE = workerData?.minConfidence ?? 0.5;
const CROP_SIDE = 128;

let ready;
let faceapi;
let sharp;

function load() {
  ready ??= (async () => {
    const entry = require.resolve('@vladmandic/face-api/dist/face-api.node-wasm.js');
    faceapi = require(entry);
    sharp = (await import('sharp')).default;
    await faceapi.tf.setBackend('wasm');
    await faceapi.tf.ready();
    const weights = path.join(path.dirname(entry), '..', 'model');
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(weights);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(weights);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(weights);
  })();
  return ready;
}

// Apparent age and expression (the image helper's description only): two small nets (~0.8 MB of
// weights), loaded on the first message that asks for them.
let attributesReady;
function loadAttributes() {
  attributesReady ??= (async () => {
    const entry = require.resolve('@vladmandic/face-api/dist/face-api.node-wasm.js');
    const weights = path.join(path.dirname(entry), '..', 'model');
    await faceapi.nets.ageGenderNet.loadFromDisk(weights);
    await faceapi.nets.faceExpressionNet.loadFromDisk(weights);
  })();
  return attributesReady;
}

/** Luma (BT.601) of an RGB buffer. */
function luma(rgb, n) {
  const out = new Float32Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 3)
    out[i] = 0.299 * rgb[j] + 0.587 * rgb[j + 1] + 0.114 * rgb[j + 2];
  return out;
}

/** Mean, share of near-black and near-white pixels. */
function exposure(grey) {
  let sum = 0;
  let dark = 0;
  let bright = 0;
  for (const v of grey) {
    sum += v;
    if (v < 16) dark++;
    else if (v > 239) bright++;
  }
  const n = grey.length || 1;
  return { mean: sum / n, darkShare: dark / n, brightShare: bright / n };
}

/** Variance of the 4-neighbour Laplacian: low when edges are soft (out of focus, motion blur). */
function laplacianVariance(grey, w, h) {
  let sum = 0;
  let sq = 0;
  let n = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const l = grey[i - 1] + grey[i + 1] + grey[i - w] + grey[i + w] - 4 * grey[i];
      sum += l;
      sq += l * l;
      n++;
    }
  }
  if (!n) return 0;
  const mean = sum / n;
  return sq / n - mean * mean;
}

/**
 * Rough head pose from the 68 landmarks, in degrees: roll from the eye line, yaw from how far the nose
 * tip sits off the eyes' midpoint, pitch from the nose tip's height between eyes and mouth. Good enough
 * to tell a frontal face from a profile, not a measurement.
 */
function pose(pts) {
  const avg = (from, to) => {
    let x = 0;
    let y = 0;
    for (let i = from; i <= to; i++) {
      x += pts[i].x;
      y += pts[i].y;
    }
    return { x: x / (to - from + 1), y: y / (to - from + 1) };
  };
  const leftEye = avg(36, 41);
  const rightEye = avg(42, 47);
  const mouth = avg(48, 67);
  const nose = pts[30];
  const eyeDx = rightEye.x - leftEye.x;
  const eyeDy = rightEye.y - leftEye.y;
  const eyeDist = Math.hypot(eyeDx, eyeDy) || 1;
  const mid = { x: (leftEye.x + rightEye.x) / 2, y: (leftEye.y + rightEye.y) / 2 };
  const roll = (Math.atan2(eyeDy, eyeDx) * 180) / Math.PI;
  const yaw = Math.max(-90, Math.min(90, ((nose.x - mid.x) / eyeDist) * 90));
  const span = mouth.y - mid.y || 1;
  // a frontal nose tip sits about 60% of the way from the eyes to the mouth
  const pitch = Math.max(-90, Math.min(90, ((nose.y - mid.y) / span - 0.6) * 150));
  return { yaw: Math.round(yaw), pitch: Math.round(pitch), roll: Math.round(roll) };
}

/** Apparent age (years, rounded) and the most likely expression; gender is read by the net but not kept. */
function attributesOf(f) {
  let expression = null;
  let best = 0;
  for (const [name, p] of Object.entries(f.expressions ?? {})) {
    if (p > best) {
      best = p;
      expression = name;
    }
  }
  return { age: typeof f.age === 'number' ? Math.round(f.age) : null, expression };
}

async function analyze(image, attributes, descriptors) {
  await load();
  if (attributes) await loadAttributes();
  const started = performance.now();
  const base = sharp(image, { limitInputPixels: 50_000_000 }).rotate();
  const meta = await base.metadata();
  const { data, info } = await base
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  // EXIF orientation may swap the sides
  const swap = (meta.orientation ?? 1) >= 5;
  const origWidth = (swap ? meta.height : meta.width) ?? width;
  const origHeight = (swap ? meta.width : meta.height) ?? height;
  const scale = origWidth / width;

  const pixels = new Uint8Array(data.buffer, data.byteOffset, data.length);
  const input = faceapi.tf.tensor3d(pixels, [height, width, 3], 'int32');
  let found;
  try {
    const landmarked = faceapi
      .detectAllFaces(
        input,
        new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE, maxResults: 10 }),
      )
      .withFaceLandmarks();
    // without face-analysis consent the descriptor network never runs (decision 025)
    const described = descriptors ? landmarked.withFaceDescriptors() : landmarked;
    found = await (attributes ? described.withFaceExpressions().withAgeAndGender() : described);
  } finally {
    input.dispose();
  }

  const imageExposure = exposure(luma(pixels, width * height));
  const faces = [];
  for (const f of found) {
    const b = f.detection.box;
    const left = Math.max(0, Math.floor(b.x));
    const top = Math.max(0, Math.floor(b.y));
    const w = Math.max(1, Math.min(width - left, Math.ceil(b.width)));
    const h = Math.max(1, Math.min(height - top, Math.ceil(b.height)));
    // sharpness and exposure on the face alone, resampled to one size so faces of any size compare
    const crop = await sharp(data, { raw: { width, height, channels: 3 } })
      .extract({ left, top, width: w, height: h })
      .resize(CROP_SIDE, CROP_SIDE, { fit: 'fill' })
      .raw()
      .toBuffer();
    const grey = luma(crop, CROP_SIDE * CROP_SIDE);
    const pts = f.landmarks.positions.map((p) => ({ x: p.x * scale, y: p.y * scale }));
    faces.push({
      score: Math.round(f.detection.score * 1000) / 1000,
      box: {
        x: Math.round(left * scale),
        y: Math.round(top * scale),
        width: Math.round(w * scale),
        height: Math.round(h * scale),
      },
      landmarks: pts.map((p) => ({ x: Math.round(p.x), y: Math.round(p.y) })),
      descriptor: f.descriptor ? Array.from(f.descriptor, (v) => Math.round(v * 1e5) / 1e5) : [],
      sizeRatio: Math.round((h / Math.min(width, height)) * 1000) / 1000,
      pose: pose(pts),
      sharpness: Math.round(laplacianVariance(grey, CROP_SIDE, CROP_SIDE) * 10) / 10,
      exposure: exposure(grey),
      ...(attributes ? attributesOf(f) : {}),
    });
  }
  faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
  return {
    width: origWidth,
    height: origHeight,
    faces,
    exposure: imageExposure,
    ms: Math.round(performance.now() - started),
    rssBytes: process.memoryUsage.rss(),
  };
}

// one photo at a time: interleaved inferences would only raise the peak memory
let queue = Promise.resolve();
parentPort.on('message', (msg) => {
  queue = queue.then(async () => {
    try {
      const report = await analyze(
        Buffer.from(msg.image),
        msg.attributes === true,
        msg.descriptors !== false,
      );
      parentPort.postMessage({ id: msg.id, report });
    } catch (err) {
      parentPort.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
    }
  });
});
