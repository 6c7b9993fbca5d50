import { isUniqueViolation } from '../../db/client';
import type { AppDeps } from '../../deps';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { createRateLimiter } from '../../lib/rate-limiter';
import { linkMail } from '../../mail/mailer';
import { revokeUserApiKeys } from '../api-keys';
import { createUserAccounts, type UserRow } from '../users';
import { createAuthRepository } from './auth.repository';
import { createMailCaps, MAIL_CAPS } from './mail-caps';

const DAY = 86_400_000;
// the "this wasn't me" link of an e-mail change: long enough for someone who reads mail weekly
const REVERT_EMAIL_TTL = 14 * DAY;

/**
 * The credential side of an e-mail change (users.service.ts calls it through its hooks): who may
 * change the address, the mails that follow, and the old address's way back. Part of AuthService.
 */
export function createEmailChangeFlow(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  auth: {
    reauthenticate(user: UserRow, currentPassword: string | undefined): Promise<void>;
    sendVerification(user: UserRow): Promise<void>;
    forgetUser(userId: string): unknown;
  },
) {
  const { db, mailer, config } = deps;
  const { reauthenticate, sendVerification, forgetUser } = auth;
  const mailCaps = createMailCaps(deps);
  const limits = createRateLimiter(db);
  const tokens = createAuthRepository(db);

  return {
    /**
     * Before an e-mail change (users.service.ts hook): the current password, then the account's
     * limit on changes, so flipping one's own address cannot mail a victim without end (issue 28).
     */
    async authorizeEmailChange(user: UserRow, currentPassword: string | undefined) {
      await reauthenticate(user, currentPassword);
      const { max, windowMs } = MAIL_CAPS.emailChanges;
      await limits
        .owned(user.id)
        .enforce(
          `email-change:user:${user.id}`,
          windowMs,
          max,
          'You have changed your e-mail address several times today. Please try again later.',
        );
    },

    /**
     * After an e-mail change: verify the new address, and tell the old one with a link that undoes
     * the change (issue 13, point 6) — the owner of a stolen session must not keep the account.
     */
    async emailChanged(user: UserRow, previous: { email: string; emailVerifiedAt: Date | null }) {
      await sendVerification(user);
      // Only an address the owner once proved gets the undo link: a never-verified one (a typo) may
      // belong to anyone, who would take the account with it (issue 28, point 2).
      if (!previous.emailVerifiedAt) return;
      if (!(await mailCaps.allow('notice', user.id, previous.email))) return;
      const token = randomToken();
      await tokens.createToken({
        userId: user.id,
        kind: 'revert_email',
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + REVERT_EMAIL_TTL),
        data: {
          previousEmail: previous.email,
          previousVerifiedAt: previous.emailVerifiedAt.toISOString(),
        },
      });
      await mailer.send(
        linkMail({
          to: previous.email,
          subject: 'The e-mail of your LoRA Studio account was changed',
          intro: `Hi ${user.username}, the e-mail address of your LoRA Studio account was changed from ${previous.email} to ${user.email}. If you did this, there is nothing to do.`,
          linkLabel: "This wasn't me: restore my e-mail, sign out everywhere and revoke my API keys",
          link: `${config.publicUrl}/revert-email-change?token=${token}`,
          outro:
            'The link works for 14 days. After restoring, reset your password if you think someone else knows it.',
        }),
      );
    },

    /** The old address's "this wasn't me": restores it, ends every session and every pending link. */
    async revertEmailChange(token: string) {
      const invalid = () =>
        new AppError(400, 'INVALID_TOKEN', 'This link is invalid or has expired.', {
          token: 'This link is invalid or has expired.',
        });
      try {
        return await db
          .transaction(async (tx) => {
            const txAuth = createAuthRepository(tx);
            const row = await txAuth.consumeToken(sha256(token), 'revert_email');
            // never make an address nobody verified the account's again (links from before issue 28)
            if (!row?.data?.previousVerifiedAt) throw invalid();
            const restored = await createUserAccounts(tx).update(row.userId, {
              email: row.data.previousEmail,
              emailVerifiedAt: new Date(row.data.previousVerifiedAt),
              emailChangedAt: new Date(),
            });
            if (!restored) throw invalid();
            // links sent to the address being undone (and any other revert link) must not work afterwards
            for (const kind of ['reset_password', 'verify_email', 'revert_email'] as const)
              await txAuth.invalidateTokens(row.userId, kind);
            // "sign out everywhere" includes whatever keys the taker may have made
            await txAuth.deleteUserSessions(row.userId);
            await revokeUserApiKeys(tx, row.userId);
            return restored;
          })
          .then((restored) => {
            forgetUser(restored.id);
            return restored;
          });
      } catch (err) {
        // the old address was taken by another account in the meantime
        if (isUniqueViolation(err))
          throw new AppError(
            409,
            'ALREADY_EXISTS',
            'The old e-mail address now belongs to another account. Please contact support.',
          );
        throw err;
      }
    },
  };
}
