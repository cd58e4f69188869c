import { type IdentityClaims, SYSTEM_ROLE_PERMISSIONS, type SystemRoleName } from '@plumbline/contracts'
import { type Call, identityHeaders, serveForTests, startTestService } from '@plumbline/testing'
import { meetingsRoutes } from '../../src/app.js'
import type { MeetingsDeps } from '../../src/deps.js'
import { type MeetingsEnv, ZMeetingsEnv } from '../../src/env.js'
import { PrismaClient } from '../../src/generated/prisma/client.js'

export type MeetingsTestService = { deps: MeetingsDeps; url: string; call: Call; close: () => Promise<void> }

/** The meetings service mounted in process as main.ts wires it, with its own database and prefixes. */
export async function startMeetingsTestService(): Promise<MeetingsTestService> {
  const svc = await startTestService<PrismaClient, MeetingsEnv>({
    name: 'meetings',
    schema: 'meetings',
    PrismaClient,
    envSchema: ZMeetingsEnv,
    routes: (deps) => meetingsRoutes(deps),
  })
  const http = await serveForTests(svc.app)
  const close = async () => {
    await http.close()
    await svc.close()
  }
  return { deps: svc.deps, url: http.url, call: http.call, close }
}

/** Headers the gateway would forward for a member of `orgId` with one of the built-in roles. */
export function memberOf(orgId: string, role: SystemRoleName = 'Owner', userId = `user-${role.toLowerCase()}-${orgId}`): Promise<Record<string, string>> {
  const claims: IdentityClaims = {
    sub: userId,
    email: `${userId}@example.com`,
    systemRole: 'user',
    orgId,
    orgRole: role,
    permissions: SYSTEM_ROLE_PERMISSIONS[role],
  }
  return identityHeaders(claims)
}
