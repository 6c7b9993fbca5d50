import { hmac, safeEqual } from '../lib/crypto';

/** Makes and checks expiring links to stored files, for vendors that must fetch them (training zips, weights). */
export type UrlSigner = {
  sign(key: string, ttlSeconds?: number): string;
  verify(key: string, exp: string | undefined, sig: string | undefined): boolean;
};

export function createUrlSigner(opts: { secret: string; publicUrl: string; now?: () => number }): UrlSigner {
  const now = opts.now ?? Date.now;
  return {
    sign(key, ttlSeconds = 3600) {
      const exp = Math.floor(now() / 1000) + ttlSeconds;
      const sig = hmac(opts.secret, `${key}|${exp}`);
      return `${opts.publicUrl}/files/${key}?exp=${exp}&sig=${sig}`;
    },
    verify(key, exp, sig) {
      if (!exp || !sig || !/^\d+$/.test(exp) || Number(exp) <= now() / 1000) return false;
      return safeEqual(sig, hmac(opts.secret, `${key}|${exp}`));
    },
  };
}
