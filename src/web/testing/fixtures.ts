import type { PublicUser } from '@shared/schemas/user';

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 'u1',
    username: 'ann_1',
    email: 'ann@example.com',
    emailVerified: true,
    isAdmin: false,
    twoFactorEnabled: false,
    tokenBalance: 120,
    avatarUrl: null,
    enableNSFW: false,
    enableNsfw: false,
    status: 'active',
    referralCode: 'ANN',
    createdAt: '2024-01-01T00:00:00Z',
    ...overrides,
  };
}
