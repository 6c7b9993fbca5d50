import { describe, expect, it } from 'vitest';
import { purposeKey } from './keys';
import { open, seal } from './secret-box';

describe('secret box', () => {
  const key = purposeKey('a-session-secret-of-some-length-123456', 'totp-secrets');

  it('opens what it sealed, and each seal differs', () => {
    const a = seal(key, 'JBSWY3DPEHPK3PXP');
    const b = seal(key, 'JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(open(key, a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another key, a tampered value and garbage', () => {
    const sealed = seal(key, 'secret');
    expect(open(purposeKey('a-session-secret-of-some-length-123456', 'backup-codes'), sealed)).toBeNull();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(open(key, parts.join('.'))).toBeNull();
    expect(open(key, 'not sealed')).toBeNull();
  });
});
