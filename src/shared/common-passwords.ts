import LIST from './common-passwords.json' with { type: 'json' };

// Issue 13, point 10: passwords that lead every published breach-corpus ranking (the base words and
// keyboard walks of the well-known top-10k lists, with the number suffixes people add to pass a
// "letter and a digit" rule). Only entries the rule would otherwise accept are listed; shipped in the
// repository so no check needs the network. Compared case-insensitively.
// The list itself is data: common-passwords.json, one string per entry.

const COMMON = new Set(LIST);

export const PASSWORD_TOO_COMMON = 'This password is too common. Choose another.';

/** True for a password on the list, in any letter case. */
export const isCommonPassword = (password: string) => COMMON.has(password.toLowerCase());
