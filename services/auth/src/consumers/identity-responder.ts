import { RequestSubjects, type SessionIdentity, ZResolveIdentityRequest } from '@plumbline/contracts'
import { reply } from '@plumbline/messaging'
import type { AuthDeps } from '../deps.js'
import { resolveIdentity } from '../usecases/resolve-identity.js'

/**
 * Answers the gateway's "who is this user?" over core NATS request/reply when the Redis
 * identity cache misses. A malformed request is answered with null, like an unknown user.
 */
export function startIdentityResponder(deps: Pick<AuthDeps, 'bus' | 'prisma' | 'redis' | 'env'>) {
  return reply(deps.bus, RequestSubjects.resolveIdentity, async (data: unknown): Promise<SessionIdentity | null> => {
    const parsed = ZResolveIdentityRequest.safeParse(data)
    return parsed.success ? resolveIdentity(deps, parsed.data.userId) : null
  })
}
