import type { EventEnvelope } from '@plumbline/contracts'
import { Subjects, ZEventEnvelope } from '@plumbline/contracts'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '../../src/domain/tokens.js'
import { type AuthTestService, STRONG_PASSWORD, startAuthTestService, tokenFromLink, uniqueEmail } from '../support/auth-test-service.js'

let svc: AuthTestService
beforeAll(async () => {
  svc = await startAuthTestService()
})
afterAll(async () => {
  await svc?.close()
})

/** Every text value in the auth schema, as one string, to look for a raw token anywhere. */
async function dumpAuthSchema(): Promise<string> {
  const client = new pg.Client({ connectionString: svc.deps.env.DATABASE_URL })
  await client.connect()
  try {
    const tables = await client.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'auth' AND table_type = 'BASE TABLE'`,
    )
    let out = ''
    for (const { table_name } of tables.rows) {
      const rows = await client.query(`SELECT * FROM auth."${table_name}"`)
      out += JSON.stringify(rows.rows)
    }
    return out
  } finally {
    await client.end()
  }
}

describe('tokens are stored hashed', () => {
  it('neither verification nor reset tokens appear in the database', async () => {
    const email = uniqueEmail('hashed')
    await svc.call('POST', '/register', { body: { email, password: STRONG_PASSWORD, firstName: 'Hal', lastName: 'Shed' } })
    const verify = tokenFromLink((await svc.waitForMail(email, 'Verify your Plumbline email')).links[0])
    await svc.call('POST', '/request-password-reset', { body: { email } })
    const reset = tokenFromLink((await svc.waitForMail(email, 'Reset your Plumbline password')).links[0])

    const dump = await dumpAuthSchema()
    for (const token of [verify, reset]) {
      expect(dump).not.toContain(token)
      expect(dump).toContain(hashToken(token))
    }
    const rows = await svc.deps.prisma.userToken.findMany({ where: { user: { email } } })
    expect(rows.map((r) => r.purpose).sort()).toEqual(['reset_password', 'verify_email'])
    for (const r of rows) expect(r.tokenHash).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('outbox', () => {
  it('registration writes user.registered and organization.created envelopes with the rows', async () => {
    const email = uniqueEmail('outbox')
    await svc.call('POST', '/register', { body: { email, password: STRONG_PASSWORD, firstName: 'Otto', lastName: 'Box' } })
    const user = await svc.deps.prisma.user.findUniqueOrThrow({ where: { email }, include: { memberships: true } })
    const orgId = user.memberships[0].organizationId
    const events = await svc.deps.prisma.outboxEvent.findMany({ where: { subject: { in: [Subjects.userRegistered, Subjects.organizationCreated] } } })
    const mine = events.map((e) => ZEventEnvelope.parse(e.payload)).filter((e) => e.orgId === orgId)
    expect(mine.map((e) => e.type).sort()).toEqual([Subjects.organizationCreated, Subjects.userRegistered])
    const registered = mine.find((e) => e.type === Subjects.userRegistered)!
    expect(registered).toMatchObject({ actorId: user.id, data: { userId: user.id, email, organizationId: orgId, firstName: 'Otto', lastName: 'Box' } })
    const created = mine.find((e) => e.type === Subjects.organizationCreated)!
    expect(created.data).toEqual({ organizationId: orgId, name: "Otto's Organization", ownerId: user.id })
    for (const e of events.filter((x) => mine.some((m) => m.id === x.id))) {
      expect(e.publishedAt).toBeNull()
      expect((e.payload as EventEnvelope).id).toBe(e.id)
    }
  })

  it('nothing is written when the transaction fails', async () => {
    const email = uniqueEmail('rollback')
    const before = await svc.deps.prisma.outboxEvent.count()
    const usersBefore = await svc.deps.prisma.user.count()
    // The last write of the transaction (the second event) fails, after the user, organisation,
    // membership, token and first event rows were inserted: all of them must roll back.
    await svc.deps.prisma.$executeRawUnsafe(
      `ALTER TABLE auth.outbox_events ADD CONSTRAINT test_block CHECK (subject <> '${Subjects.organizationCreated}') NOT VALID`,
    )
    try {
      const res = await svc.call('POST', '/register', { body: { email, password: STRONG_PASSWORD, firstName: 'Rolf', lastName: 'Back' } })
      expect(res.status).toBe(500)
      expect(res.text).not.toMatch(/test_block|constraint/i)
    } finally {
      await svc.deps.prisma.$executeRawUnsafe(`ALTER TABLE auth.outbox_events DROP CONSTRAINT test_block`)
    }
    expect(await svc.deps.prisma.outboxEvent.count()).toBe(before)
    expect(await svc.deps.prisma.user.count()).toBe(usersBefore)
    expect(await svc.deps.prisma.organization.count({ where: { name: "Rolf's Organization" } })).toBe(0)
    expect(await svc.deps.prisma.userToken.count({ where: { user: { email } } })).toBe(0)
    // And the mail never went out: it is sent only after commit.
    await svc.deps.mailer.idle()
    expect(svc.deps.mailer.sink!.list({ to: email })).toEqual([])
  })
})
