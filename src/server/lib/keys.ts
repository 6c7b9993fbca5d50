import { hkdfSync } from 'node:crypto';

/**
 * One key per purpose, derived from SESSION_SECRET with HKDF (RFC 5869), so a signature made for
 * one purpose never passes for another: a signed file URL is not a signed cookie, and a key that
 * leaked from one use (a vendor's log of file URLs) does not sign the others (issue 28, point 6).
 */
export type KeyPurpose =
  | 'cookies'
  | 'file-urls'
  | 'device-credential'
  | 'unsubscribe'
  | 'deleted-emails'
  // docs/decisions/056-second-factor.md: TOTP secrets are encrypted with one, backup codes hashed with the other
  | 'totp-secrets'
  | 'backup-codes';

const cache = new Map<string, string>();

export function purposeKey(secret: string, purpose: KeyPurpose): string {
  const id = `${purpose}\0${secret}`;
  let key = cache.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'lora-studio', `lora-studio/${purpose}`, 32)).toString(
      'base64url',
    );
    cache.set(id, key);
  }
  return key;
}
