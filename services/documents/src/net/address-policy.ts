import ipaddr from 'ipaddr.js'

/** Decides whether the server may connect to an IP address (a resolved or literal one). */
export type AddressPolicy = (ip: string) => boolean

/**
 * The real policy: only globally routable unicast addresses. ipaddr.js classifies every special
 * range (loopback, private, link-local incl. 169.254.169.254, CGNAT 100.64/10, multicast,
 * unspecified, broadcast, reserved, IPv6 ULA fc00::/7, fe80::/10, NAT64, Teredo, …) as
 * something other than 'unicast'. IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 it
 * maps to, and 6to4 (2002::/16), which embeds an IPv4 address, is refused outright.
 */
export const isPublicAddress: AddressPolicy = (ip) => {
  // Only canonical forms: resolvers answer those, and the URL parser normalises odd IPv4 ones.
  if (!ipaddr.IPv4.isValidFourPartDecimal(ip) && !ipaddr.IPv6.isValid(ip)) return false
  const addr = ipaddr.process(ip)
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).match(ipaddr.IPv6.parse('2002::'), 16)) return false
  return addr.range() === 'unicast'
}

/** The literal IP in a URL host ('[::1]' → '::1'), or null for a name. */
export function ipLiteralOf(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname
  return ipaddr.isValid(bare) && (bare.includes(':') || ipaddr.IPv4.isValidFourPartDecimal(bare)) ? bare : null
}
