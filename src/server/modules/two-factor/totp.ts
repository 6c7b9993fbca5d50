import { Secret, TOTP } from 'otpauth';
import { randomInt } from 'node:crypto';
import { hmac } from '../../lib/crypto';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
const ISSUER = 'LoRA Studio';

function totpFor(secretBase32: string, label = '') {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A fresh 160-bit secret (RFC 4226's recommended length), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secretBase32: string, username: string) {
  return totpFor(secretBase32, username).toString();
}

/**
 * The time step a code belongs to, or null when it matches none of the previous, current and next
 * steps (one step either side forgives a phone's clock and the typing). The caller still has to
 * check that the step is later than the last one used, so a code is never accepted twice.
 */
export function matchingStep(secretBase32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD) + delta;
}

/** The code of the step `now` falls in (tests and the security probes play the authenticator app). */
export function totpCode(secretBase32: string, now = Date.now()) {
  return totpFor(secretBase32).generate({ timestamp: now });
}

// Backup codes: ten of `xxxxx-xxxxx` from an alphabet without look-alikes (about 49 bits each).
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newBackupCodes(n: number): string[] {
  return Array.from({ length: n }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** How a typed code is compared: case, spaces and dashes are the reader's, not the code's. */
export function normaliseBackupCode(code: string) {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** Backup codes are kept as keyed hashes: a leaked table cannot be tried offline without the key. */
export function backupCodeHash(key: string, userId: string, code: string) {
  return hmac(key, `${userId}|${normaliseBackupCode(code)}`);
}
