// The training-photo verdicts (decision 020): their names, order and the one plain sentence the
// screens show for each. Shared so the server's JSON and the web's words never drift apart.

/** most important first: a photo's verdict is the first problem it has */
export const PHOTO_PROBLEMS = [
  'no_face',
  'several_people',
  'face_too_small',
  'blurry',
  'too_dark',
  'too_bright',
  'different_person',
] as const;
export type PhotoProblem = (typeof PHOTO_PROBLEMS)[number];

/** pending: not analysed yet; checked: verdict below; failed: the analysis could not run on it */
export const PHOTO_CHECK_STATUSES = ['pending', 'checked', 'failed'] as const;
export type PhotoCheckStatus = (typeof PHOTO_CHECK_STATUSES)[number];

export const PHOTO_PROBLEM_LABELS: Record<PhotoProblem, string> = {
  no_face: 'No face found',
  several_people: 'Several people',
  face_too_small: 'Face too small',
  blurry: 'Blurry',
  too_dark: 'Too dark',
  too_bright: 'Too bright',
  different_person: 'Looks like someone else',
};

export const PHOTO_PROBLEM_HELP: Record<PhotoProblem, string> = {
  no_face:
    'We could not find a face in this photo; use a photo where your face is clearly visible and facing the camera.',
  several_people:
    'More than one person is in this photo; crop it so only you are in it, or pick a photo of you alone.',
  face_too_small: 'Your face is very small in this photo; crop closer or use a photo taken nearer to you.',
  blurry: 'Your face is out of focus in this photo; use a sharp photo taken with a steady camera.',
  too_dark: 'This photo is too dark to see your face well; use one taken in brighter, even light.',
  too_bright: 'This photo is washed out by too much light; use one without harsh sun or flash on your face.',
  different_person:
    'The face in this photo does not look like the one in your other photos; remove it if it is someone else.',
};

/** Training still works with flagged photos; below this many clean ones the page asks first. */
export const MIN_PASSING_PHOTOS = 5;
