// docs/product/interfaces.md: the landing page keeps ?ref=CODE and the register form sends it, even when the
// visitor wanders around (or closes the tab) before signing up.
const KEY = 'referralCode';
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

export function rememberReferralCode(code: string | null | undefined): void {
  if (!code || !CODE.test(code)) return;
  try {
    sessionStorage.setItem(KEY, code);
    localStorage.setItem(KEY, code);
  } catch {
    // Storage can be disabled (private mode); the URL still carries the code.
  }
}

export function readReferralCode(search?: URLSearchParams): string | null {
  const fromUrl = search?.get('ref');
  if (fromUrl && CODE.test(fromUrl)) return fromUrl;
  try {
    return sessionStorage.getItem(KEY) ?? localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetReferralCode(): void {
  try {
    sessionStorage.removeItem(KEY);
    localStorage.removeItem(KEY);
  } catch {
    // ignore: nothing to clean when storage is unavailable
  }
}
