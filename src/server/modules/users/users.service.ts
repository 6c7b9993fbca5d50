import { sameIdentifier } from '../../../shared/normalise';
import type { ProfileInput } from '../../../shared/schemas/user';
import { isUniqueViolation } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { takenError } from './accounts';
import { createUsersRepository, type UserRow } from './users.repository';

const TAKEN = 'Username or email is already taken';

/**
 * The credential checks and mails of an e-mail change (auth checks the current password, verifies
 * the new address and notifies the old one). Passed in by app.ts so users/ never imports auth/ —
 * auth builds on users, not the other way round.
 */
export type EmailChangeHooks = {
  reauthenticate(user: UserRow, currentPassword: string | undefined): Promise<void>;
  onEmailChanged(user: UserRow, previous: { email: string; emailVerifiedAt: Date | null }): Promise<void>;
};

export function createUsersService(deps: Pick<AppDeps, 'db'>, hooks: EmailChangeHooks) {
  const repo = createUsersRepository(deps.db);
  return {
    async updateProfile(user: UserRow, input: ProfileInput) {
      const taken = await repo.taken(input.username, input.email, user.id);
      if (taken.username || taken.email) throw takenError(taken, TAKEN);
      const emailChanged = !sameIdentifier(input.email, user.email);
      // issue 13, point 6: a stolen session alone must not be enough to take the account's e-mail
      if (emailChanged) await hooks.reauthenticate(user, input.currentPassword);
      let updated: UserRow | null;
      try {
        updated = await repo.update(user.id, {
          username: input.username,
          email: input.email,
          ...(emailChanged ? { emailVerifiedAt: null, emailChangedAt: new Date() } : {}),
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(409, 'ALREADY_EXISTS', TAKEN);
        throw err;
      }
      if (emailChanged && updated)
        await hooks.onEmailChanged(updated, { email: user.email, emailVerifiedAt: user.emailVerifiedAt });
      return updated!;
    },
    async setNsfw(user: UserRow, enable: boolean) {
      // docs/product/decisions.md §23: the age confirmation is stored with its time
      const updated = await repo.update(
        user.id,
        enable ? { enableNsfw: true, nsfwConfirmedAt: new Date() } : { enableNsfw: false },
      );
      return updated!;
    },
  };
}
