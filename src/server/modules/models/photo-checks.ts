import type { DetectedFace, FaceReport } from '../../engines/vision/faces';
import { faceDistance, medianDescriptor } from '../../engines/vision/faces';
import type { PhotoProblem } from '../../../shared/photo-checks';

/**
 * Thresholds of the photo checks (decision 020), measured with face-api 1.7.15 on the fixtures in
 * tests/fixtures/faces (the unit tests pin them). All advisory: training is never refused for them.
 */
export const CHECK_THRESHOLDS = {
  /** a second face at least this share of the largest face's height counts as another person */
  secondFaceShare: 0.5,
  /** face height ÷ the photo's shorter side below this: too small (fixtures: 0.04 tiny, ≥ 0.15 fine) */
  minFaceShare: 0.1,
  /** Laplacian variance of the 128×128 face below this: blurry (fixtures: ~14 blurred, ≥ 70 sharp) */
  minSharpness: 25,
  /** mean face luma 0–255 below this: too dark (fixtures: 43 dark, ≥ 95 fine) */
  maxDarkMean: 55,
  /** mean face luma above this, or more than brightClipShare of it near white: too bright */
  maxBrightMean: 220,
  brightClipShare: 0.4,
  /** with no face at all, the whole photo's mean luma decides dark/bright */
  noFaceDarkMean: 45,
  noFaceBrightMean: 215,
  /** descriptor distance to the model's median above this: probably someone else (soft signal) */
  differentPersonDistance: 0.6,
  /** photos with one clear face needed before the median is trusted */
  minReferencePhotos: 3,
} as const;

const T = CHECK_THRESHOLDS;

/** The face the photo is about (the largest), when the photo shows exactly one person. */
export function mainFace(report: FaceReport): DetectedFace | null {
  const [first, second] = report.faces;
  if (!first) return null;
  if (second && second.box.height >= first.box.height * T.secondFaceShare) return null;
  return first;
}

/** The problems one photo has on its own (the different-person check needs the whole set). */
export function photoProblems(report: FaceReport): PhotoProblem[] {
  const [first, second] = report.faces;
  if (!first) {
    const out: PhotoProblem[] = ['no_face'];
    if (report.exposure.mean < T.noFaceDarkMean) out.push('too_dark');
    if (report.exposure.mean > T.noFaceBrightMean) out.push('too_bright');
    return out;
  }
  const out: PhotoProblem[] = [];
  if (second && second.box.height >= first.box.height * T.secondFaceShare) out.push('several_people');
  const small = first.sizeRatio < T.minFaceShare;
  if (small) out.push('face_too_small');
  const dark = first.exposure.mean < T.maxDarkMean;
  const bright = first.exposure.mean > T.maxBrightMean || first.exposure.brightShare > T.brightClipShare;
  // a tiny face is upscaled and a badly lit one has little contrast: both read as soft, so "blurry"
  // is only said when it is the problem
  if (!small && !dark && !bright && first.sharpness < T.minSharpness) out.push('blurry');
  if (dark) out.push('too_dark');
  if (bright) out.push('too_bright');
  return out;
}

/** The median descriptor of the clean single-face photos, or null with too few of them to trust. */
export function referenceMedian(photos: { descriptor: number[] | null; clean: boolean }[]): number[] | null {
  const refs = photos.filter((p) => p.clean && p.descriptor).map((p) => p.descriptor!);
  return refs.length >= T.minReferencePhotos ? medianDescriptor(refs) : null;
}

/**
 * Distance of each photo's face to the median descriptor of the model's clean single-face photos, or
 * null where there is no such face or too few references to compare with.
 */
export function distancesToMedian(
  photos: { id: string; descriptor: number[] | null; clean: boolean }[],
): Map<string, number | null> {
  const median = referenceMedian(photos);
  return new Map(
    photos.map((p) => [
      p.id,
      median && p.descriptor ? Math.round(faceDistance(p.descriptor, median) * 1000) / 1000 : null,
    ]),
  );
}

/** The verdict list shown for a photo: its own problems, then the soft different-person signal. */
export function verdictOf(problems: readonly PhotoProblem[], distance: number | null): PhotoProblem[] {
  const out = [...problems];
  if (distance !== null && distance > T.differentPersonDistance && !out.includes('different_person'))
    out.push('different_person');
  return out;
}
