import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { randomToken, referralCode } from '../../lib/crypto';
import { hashPassword } from '../../lib/passwords';
import { createUsersRepository } from './users.repository';

/**
 * docs/product/interfaces.md: with ADMIN_* set, create that admin if the name is free; with none set and no admin
 * in the database, create `admin` with a random password printed once.
 */
export async function bootstrapAdmin(db: Db, config: Config, print: (line: string) => void) {
  const repo = createUsersRepository(db);
  const { username, password, email } = config.admin;
  if (username) {
    if (await repo.byUsername(username)) return null;
    const pw = password ?? randomToken(12);
    await repo.insert({
      username,
      email: email ?? `${username.toLowerCase()}@localhost.localdomain`,
      passwordHash: await hashPassword(pw),
      isAdmin: true,
      emailVerifiedAt: new Date(),
      referralCode: referralCode(),
    });
    if (!password) print(`Created admin "${username}" with password: ${pw}`);
    return username;
  }
  if (await repo.anyAdmin()) return null;
  const pw = randomToken(12);
  const name = (await repo.byUsername('admin'))
    ? `admin_${randomToken(3).replace(/[^A-Za-z0-9]/g, 'x')}`
    : 'admin';
  await repo.insert({
    username: name,
    email: email ?? `${name}@localhost.localdomain`,
    passwordHash: await hashPassword(pw),
    isAdmin: true,
    emailVerifiedAt: new Date(),
    referralCode: referralCode(),
  });
  print(
    `\n  Created the first admin account.\n  Username: ${name}\n  Password: ${pw}\n  (shown once — sign in and change it in Settings)\n`,
  );
  return name;
}
