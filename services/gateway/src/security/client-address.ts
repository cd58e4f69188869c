import { BlockList, isIPv4 } from 'node:net'

const loopback = new BlockList()
loopback.addSubnet('127.0.0.0', 8, 'ipv4')
loopback.addAddress('::1', 'ipv6')

/** An IPv4 address in IPv6 clothing (`::ffff:127.0.0.1`, as dual-stack sockets report it) unwrapped. */
export const plainAddress = (address: string) => (address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address)

/**
 * Whether the peer of this TCP connection is this machine. Decided on the socket's address,
 * never on forwarded headers a client can write itself.
 */
export function isLoopbackPeer(remoteAddress: string | undefined): boolean {
  if (!remoteAddress) return false
  const address = plainAddress(remoteAddress)
  return loopback.check(address, isIPv4(address) ? 'ipv4' : 'ipv6')
}
