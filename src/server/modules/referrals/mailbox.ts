// Providers known to deliver `first.last@` and `firstlast@` to one mailbox; every provider we know of
// delivers `name+tag@` to `name@`, so the tag is dropped for all.
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The real mailbox behind an address, for referral de-duplication only (issue 13, point 3): ten
 * plus-addresses of one mailbox are one person. Never used to send mail or to sign in.
 */
export function normaliseMailbox(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain in DOTLESS_DOMAINS) {
    domain = DOTLESS_DOMAINS[domain];
    local = local.replace(/\./g, '');
  }
  return `${local}@${domain}`;
}
