import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (~17 ms here).
export const hashPassword = (password: string) => hash(password);

// A fixed hash to verify against when the user does not exist, so timing does not reveal accounts.
let dummy: Promise<string> | undefined;
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummy ??= hash('not-a-real-password-0');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
