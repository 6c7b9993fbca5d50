/**
 * Likeness score (decision 022): the Euclidean distance between two 128-d face descriptors mapped to
 * 0–100 by a logistic curve centred on face-api's same-person threshold. Calibrated on the licensed
 * fixtures (tests/fixtures/faces): the same person sits mostly below 0.45, other people from about
 * 0.47 up — so the curve is steepest there, and scores above 60 mean "probably you", below 40
 * "probably someone else". A soft signal, never a verdict.
 */
export const LIKENESS_MIDPOINT = 0.5;
export const LIKENESS_SPREAD = 0.06;

export function likenessScore(distance: number): number {
  if (!Number.isFinite(distance) || distance < 0) throw new RangeError('distance must be ≥ 0');
  const s = 100 / (1 + Math.exp((distance - LIKENESS_MIDPOINT) / LIKENESS_SPREAD));
  return Math.max(0, Math.min(100, Math.round(s)));
}

/**
 * Beyond face-api's usual same-person threshold the face is someone else's (or the renderer's): the
 * image does not show the person, so it gets no score (decision 022) rather than a 2 that reads as a
 * verdict on the model and drags its average down.
 */
export const NOT_THE_PERSON_DISTANCE = 0.6;

/** The score of a face at this distance, or null when it is not the person's face at all. */
export function likenessOrNone(distance: number): number | null {
  return distance >= NOT_THE_PERSON_DISTANCE ? null : likenessScore(distance);
}
