/**
 * The one spelling of a username or an e-mail address that account lookups, uniqueness checks and
 * throttle counters compare (issue 28, point 1). NFKC folds compatibility forms (fullwidth letters,
 * ligatures) into plain letters; then only A–Z are lowercased. A full Unicode lowercase is not the
 * same in JavaScript and in PostgreSQL's lower() ("İ" is "i̇" in one and "i" in the other), and a
 * name whose counters and account disagree escapes its throttle. Stored names and addresses are
 * ASCII (the register and profile schemas), so lower() of a stored value is this function of it.
 */
export function normaliseIdentifier(value: string): string {
  return value
    .normalize('NFKC')
    .trim()
    .replace(/[A-Z]+/g, (s) => s.toLowerCase());
}

/** Every character a username may have (spec part 1 §5); sign-in refuses any other name unseen. */
export const USERNAME_ALPHABET = /^[A-Za-z0-9_]+$/;

/** True when two spellings name the same account. */
export function sameIdentifier(a: string, b: string): boolean {
  return normaliseIdentifier(a) === normaliseIdentifier(b);
}
