import { isIP } from 'node:net';

/**
 * Why a vendor on the internet could not reach this origin, or null when it looks public.
 * Only the URL is judged (no DNS lookup): the start must not depend on the network, and a name
 * that resolves to a private address is the operator's to fix behind their proxy.
 */
export function unreachableReason(origin: string): string | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return 'it is not a URL';
  }
  const host = hostReason(url.hostname.replace(/^\[|\]$/g, '').toLowerCase());
  const scheme = url.protocol === 'https:' ? null : `it uses ${url.protocol.replace(':', '')}, not https`;
  return [scheme, host].filter(Boolean).join('; ') || null;
}

function hostReason(host: string): string | null {
  const kind = isIP(host);
  if (kind === 4) return ipv4Reason(host);
  if (kind === 6) return ipv6Reason(host);
  if (host === 'localhost' || host.endsWith('.localhost')) return `${host} is this machine (loopback)`;
  if (host.endsWith('.local')) return `${host} is a local-network (mDNS) name`;
  if (host.endsWith('.internal') || host.endsWith('.lan') || host.endsWith('.home.arpa'))
    return `${host} is a private network name`;
  if (!host.includes('.')) return `${host} is not a public domain name`;
  return null;
}

function ipv4Reason(ip: string): string | null {
  const [a, b] = ip.split('.').map(Number);
  if (a === 127) return `${ip} is this machine (loopback)`;
  if (a === 0) return `${ip} is not a routable address`;
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168))
    return `${ip} is a private address`;
  if (a === 169 && b === 254) return `${ip} is a link-local address`;
  if (a === 100 && b >= 64 && b <= 127) return `${ip} is a carrier-grade NAT address`;
  return null;
}

function ipv6Reason(ip: string): string | null {
  if (ip === '::1') return `${ip} is this machine (loopback)`;
  if (ip === '::') return `${ip} is not a routable address`;
  // the URL parser writes IPv4-mapped addresses in hex (::ffff:7f00:1)
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(ip);
  if (mapped) {
    const hi = parseInt(mapped[1], 16);
    const lo = parseInt(mapped[2], 16);
    return ipv4Reason(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  const first = parseInt(ip.split(':')[0] || '0', 16);
  if ((first & 0xfe00) === 0xfc00) return `${ip} is a private (unique local) address`;
  if ((first & 0xffc0) === 0xfe80) return `${ip} is a link-local address`;
  return null;
}
