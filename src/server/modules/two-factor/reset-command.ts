import type { AppDeps } from '../../deps';
import { createAuthService } from '../auth';
import { createUserAccounts } from '../users';
import { createTwoFactorService } from './two-factor.service';

/**
 * `npm run admin:reset-2fa -- <username>` (scripts/admin/reset-2fa.ts, docs/operators/security.md): an
 * operator's way back for an account that lost its phone, its backup codes and its passkeys. Removes
 * every second factor, ends every session, and records it in the account's security log. The password
 * stays; an admin under ADMIN_2FA=required enrols again at the next sign-in. Answers the exit code.
 */
export async function resetSecondFactorsCommand(
  deps: AppDeps,
  username: string | undefined,
  print: (line: string) => void,
): Promise<number> {
  if (!username) {
    print('Usage: npm run admin:reset-2fa -- <username>');
    return 2;
  }
  const user = await createUserAccounts(deps.db).byUsername(username.trim());
  if (!user || user.deletedAt) {
    print(`No account is named "${username}".`);
    return 1;
  }
  const auth = createAuthService(deps);
  await createTwoFactorService(deps, auth).resetSecondFactors(user.id);
  await auth.endSessions(user.id);
  print(
    `Two-factor authentication of "${user.username}" is reset: no authenticator app, backup codes or passkeys, and every session ended.`,
  );
  if (user.isAdmin && deps.config.admin2fa === 'required')
    print(
      'As an admin they sign in with the password and must enrol a second factor before the admin panel opens.',
    );
  return 0;
}
