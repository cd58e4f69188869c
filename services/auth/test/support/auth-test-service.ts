import { type IdentityClaims, redisKeys, SESSION_COOKIE, type SessionRecord } from '@plumbline/contracts'
import { type Closer, createLogger } from '@plumbline/service-kit'
import { type Call, identityHeaders, type Reply, serveForTests, startTestService } from '@plumbline/testing'
import { authRoutes } from '../../src/app.js'
import type { AuthDeps } from '../../src/deps.js'
import { type AuthEnv, ZAuthEnv } from '../../src/env.js'
import { PrismaClient } from '../../src/generated/prisma/client.js'
import type { SinkMail } from '../../src/mail/mail-sink.js'
import { createMailer, type Mailer } from '../../src/mail/mailer.js'
import { startAuth } from '../../src/start.js'

export const APP_URL = 'http://app.plumbline.test'

export type { Reply }
export type AuthTestService = {
  deps: AuthDeps
  url: string
  call: Call
  /** Headers the gateway would forward for a session id (resolves the session in Redis like the gateway). */
  asSession: (sessionId: string, extra?: Partial<IdentityClaims>) => Promise<Record<string, string>>
  /** Waits for the newest mail to an address (optionally with a subject). */
  waitForMail: (to: string, subject?: string, after?: number) => Promise<SinkMail>
  close: () => Promise<void>
}

/**
 * The auth app mounted in process exactly as main.ts wires it (own database, NATS prefix,
 * Redis prefix, embedded mail sink), listening on an ephemeral port for fetch.
 */
export async function startAuthTestService(env: Record<string, string> = {}): Promise<AuthTestService> {
  let mailer: Mailer | undefined
  const svc = await startTestService<PrismaClient, AuthEnv>({
    name: 'auth',
    schema: 'auth',
    PrismaClient,
    envSchema: ZAuthEnv,
    env: { APP_URL, ...env },
    routes: (deps) => {
      mailer = createMailer({ smtpUrl: deps.env.SMTP_URL, from: deps.env.MAIL_FROM, sinkPort: 0, logger: createLogger('auth-mail', 'silent') })
      return authRoutes({ ...deps, mailer })
    },
  })
  const deps: AuthDeps = { ...svc.deps, mailer: mailer! }
  const closers: Closer[] = await startAuth(deps)
  const http = await serveForTests(svc.app)
  const { url, call } = http

  const asSession: AuthTestService['asSession'] = async (sessionId, extra = {}) => {
    const raw = await deps.redis.get(redisKeys.session(deps.env.REDIS_PREFIX, sessionId))
    if (!raw) throw new Error(`no session ${sessionId}`)
    const record = JSON.parse(raw) as SessionRecord
    const user = await deps.prisma.user.findUniqueOrThrow({ where: { id: record.userId } })
    return identityHeaders({ sub: user.id, email: user.email, systemRole: user.systemRole, sessionId, ...extra })
  }

  const waitForMail: AuthTestService['waitForMail'] = async (to, subject, after = 0) => {
    const deadline = Date.now() + 10_000
    while (Date.now() < deadline) {
      await deps.mailer.idle()
      const mail = deps.mailer.sink!.list({ to }).find((m) => (!subject || m.subject === subject) && Date.parse(m.receivedAt) >= after)
      if (mail) return mail
      await new Promise((r) => setTimeout(r, 25))
    }
    throw new Error(`no mail to ${to}${subject ? ` with subject ${subject}` : ''}`)
  }

  const close = async () => {
    await http.close()
    for (const c of closers) await c.close()
    await svc.close()
  }
  return { deps, url, call, asSession, waitForMail, close }
}

/** The session id from a login response's Set-Cookie. */
export function sessionIdFrom(reply: Reply): string {
  const cookie = reply.headers.get('set-cookie') ?? ''
  const match = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(cookie)
  if (!match) throw new Error(`no session cookie in ${cookie}`)
  return match[1]
}

export const tokenFromLink = (link: string) => new URL(link).searchParams.get('token')!

let counter = 0
export const uniqueEmail = (label = 'user') => `${label}.${Date.now().toString(36)}.${(counter++).toString(36)}@example.com`

export const STRONG_PASSWORD = 'Sturdy-Beam-42'

/** Registers, verifies through the mailed link and returns the address. */
export async function registerVerifiedUser(svc: AuthTestService, opts: { email?: string; password?: string; firstName?: string } = {}) {
  const email = opts.email ?? uniqueEmail()
  const password = opts.password ?? STRONG_PASSWORD
  const reg = await svc.call('POST', '/register', { body: { email, password, firstName: opts.firstName ?? 'Robin', lastName: 'Mason' } })
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${reg.text}`)
  const mail = await svc.waitForMail(email, 'Verify your Plumbline email')
  const verified = await svc.call('POST', '/verify-email', { body: { token: tokenFromLink(mail.links[0]) } })
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${verified.text}`)
  const user = await svc.deps.prisma.user.findUniqueOrThrow({ where: { email } })
  return { email, password, user }
}

export async function loginAs(svc: AuthTestService, email: string, password: string) {
  const res = await svc.call('POST', '/login', { body: { email, password } })
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`)
  const sessionId = sessionIdFrom(res)
  return { res, sessionId, headers: await svc.asSession(sessionId) }
}
