import { z } from 'zod'
import { ZSessionIdentity } from './identity.js'

/** Request of RequestSubjects.resolveIdentity; the reply is a SessionIdentity or null (no such live user). */
export const ZResolveIdentityRequest = z.object({ userId: z.string().min(1).max(128) })
export type ResolveIdentityRequest = z.infer<typeof ZResolveIdentityRequest>
export const ZResolveIdentityReply = ZSessionIdentity.nullable()
