// Offline photo checks (decision 020): seconds per photo and the process's peak RSS while the face
// worker thread checks 20 photos, then the RSS after its idle unload.
import sharp from 'sharp';
import { createFaceEngine } from '../src/server/engines/vision/faces';
import { FACE_FIXTURES, faceFixture } from '../src/server/test/face-fixtures';

const PHOTOS = 20;
const MB = 1024 * 1024;

/** 20 distinct photos: the 11 fixtures, then mirrored copies of the first ones, scaled to 1024 px. */
async function photos(): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (let i = 0; i < PHOTOS; i++) {
    const name = FACE_FIXTURES[i % FACE_FIXTURES.length];
    let img = sharp(faceFixture(name)).resize(1024, 1024, { fit: 'inside' });
    if (i >= FACE_FIXTURES.length) img = img.flop();
    out.push(await img.jpeg({ quality: 90 }).toBuffer());
  }
  return out;
}

export async function run() {
  const inputs = await photos();
  const idleUnloadMs = 500;
  const engine = createFaceEngine({ idleUnloadMs });
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const times: number[] = [];
  const started = performance.now();
  let faces = 0;
  try {
    for (const img of inputs) {
      const t = performance.now();
      const report = await engine.analyzeFaces(img);
      times.push((performance.now() - t) / 1000);
      faces += report.faces.length;
      peak = Math.max(peak, report.rssBytes);
    }
  } finally {
    clearInterval(sampler);
  }
  const total = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, idleUnloadMs + 1500));
  const afterUnload = process.memoryUsage.rss();
  await engine.unload();
  const warm = times.slice(1).sort((a, b) => a - b);
  const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
  return {
    photos: PHOTOS,
    facesFound: faces,
    firstPhotoSecondsWithLoad: round(times[0]),
    secondsPerPhotoMean: round(warm.reduce((s, x) => s + x, 0) / warm.length),
    secondsPerPhotoMedian: round(warm[warm.length >> 1]),
    totalSeconds: round(total, 1),
    rssBeforeMb: Math.round(before / MB),
    peakRssWhileCheckingMb: Math.round(peak / MB),
    rssAfterIdleUnloadMb: Math.round(afterUnload / MB),
    workerLoaded: engine.loaded() ? 'yes' : 'no',
  };
}
