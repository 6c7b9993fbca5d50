import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCommonPassword, PASSWORD_TOO_COMMON } from '../../../shared/common-passwords';
import { createHarness, type Harness } from '../../test/harness';

// Issue 13, point 10: the most common passwords are refused wherever a password is chosen.
let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, { startQueue: false });
});
afterAll(async () => {
  await h?.close();
});

describe('common passwords', () => {
  it('are on the shipped list in any letter case; a rare one is not', () => {
    for (const p of [
      'password1',
      'Password123',
      'QWERTY123',
      'iloveyou1',
      '1q2w3e4r',
      'zaq12wsx',
      'Welcome2024',
    ])
      expect(isCommonPassword(p), p).toBe(true);
    expect(isCommonPassword('Harbor-Lamp-42')).toBe(false);
  });

  it('are refused on sign-up and change-password with the message the forms show', async () => {
    const c = h.client();
    const signUp = await c.post('/api/auth/register', {
      username: 'common_one',
      email: 'common_one@example.com',
      password: 'Password1',
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { password: PASSWORD_TOO_COMMON },
    });

    await c.register('common_two', 'Harbor-Lamp-42');
    const change = await c.post('/api/user/change-password', {
      currentPassword: 'Harbor-Lamp-42',
      newPassword: 'qwerty123',
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().fields).toEqual({ newPassword: PASSWORD_TOO_COMMON });
    const ok = await c.post('/api/user/change-password', {
      currentPassword: 'Harbor-Lamp-42',
      newPassword: 'Copper-Kite-7',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('are refused when setting a password by reset link', async () => {
    const res = await h.client().post('/api/auth/reset-password-token', {
      token: 'x'.repeat(40),
      newPassword: 'sunshine1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ newPassword: PASSWORD_TOO_COMMON });
  });
});
