import { RequestSubjects, ZSessionIdentity } from '@plumbline/contracts'
import { type Bus, request } from '@plumbline/messaging'
import type { IdentityLookup } from './resolve-session.js'

const ZReply = ZSessionIdentity.nullable()

/** Auth rebuilds (and re-caches) the identity when the gateway's Redis copy has expired. */
export function busIdentityLookup(bus: Bus, timeoutMs: number): IdentityLookup {
  return async (userId) => request(bus, RequestSubjects.resolveIdentity, { userId }, { schema: ZReply, timeoutMs })
}
