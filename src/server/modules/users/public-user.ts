import type { PublicUser } from '../../../shared/schemas/user';
import type { UserRow } from './users.repository';

export function toPublicUser(u: UserRow): PublicUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    emailVerified: u.emailVerifiedAt !== null,
    isAdmin: u.isAdmin,
    twoFactorEnabled: u.hasSecondFactor,
    tokenBalance: u.tokenBalance ?? 0,
    avatarUrl: u.avatarUrl,
    enableNSFW: u.enableNsfw,
    enableNsfw: u.enableNsfw,
    status: u.status,
    referralCode: u.referralCode,
    createdAt: u.createdAt.toISOString(),
  };
}
