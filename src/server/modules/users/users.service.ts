import type { ProfileInput } from '../../../shared/schemas/user';
import { isUniqueViolation } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { createUsersRepository, type UserRow } from './users.repository';

/**
 * What happens when a user changes their e-mail (auth sends a new verification mail). Passed in by
 * app.ts so users/ never imports auth/ — auth builds on users, not the other way round.
 */
export type OnEmailChanged = (user: UserRow) => Promise<void>;

export function createUsersService(deps: Pick<AppDeps, 'db'>, onEmailChanged: OnEmailChanged) {
  const repo = createUsersRepository(deps.db);
  return {
    async updateProfile(user: UserRow, input: ProfileInput) {
      const taken = await repo.taken(input.username, input.email, user.id);
      if (taken.username || taken.email) {
        const fields: Record<string, string> = {};
        if (taken.username) fields.username = 'Username is already taken';
        if (taken.email) fields.email = 'An account with this email already exists';
        throw new AppError(409, 'ALREADY_EXISTS', Object.values(fields)[0], fields);
      }
      const emailChanged = input.email.toLowerCase() !== user.email.toLowerCase();
      let updated: UserRow | null;
      try {
        updated = await repo.update(user.id, {
          username: input.username,
          email: input.email,
          ...(emailChanged ? { emailVerifiedAt: null } : {}),
        });
      } catch (err) {
        if (isUniqueViolation(err))
          throw new AppError(409, 'ALREADY_EXISTS', 'Username or email is already taken');
        throw err;
      }
      if (emailChanged && updated) await onEmailChanged(updated);
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
