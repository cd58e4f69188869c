import { createHash } from 'node:crypto'
import { INVITATION_MESSAGES, INVITATION_TTL_MS, MEMBER_MESSAGES, Subjects, ZInvitation, ZInvitationPreview } from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SYSTEM_ROLE_IDS } from '../../src/data/system-roles.js'
import { resolveIdentity } from '../../src/usecases/resolve-identity.js'
import {
  APP_URL,
  type AuthTestService,
  loginAs,
  registerVerifiedUser,
  STRONG_PASSWORD,
  startAuthTestService,
  tokenFromLink,
  uniqueEmail,
} from '../support/auth-test-service.js'

// Invitations (issue 11): sent, resent and revoked under the `team` module; the mailed link is
// single-use, hashed at rest, expires after seven days, and works for an existing account (signed
// in as the invited address) and for a new one (which joins without an organisation of its own).

let svc: AuthTestService
type Caller = { userId: string; orgId: string; sessionId: string; email: string; password: string }
let owner: Caller
let outsider: Caller

async function as(who: Caller) {
  const identity = await resolveIdentity(svc.deps, who.userId)
  const m = identity!.memberships.find((x) => x.orgId === who.orgId)!
  return svc.asSession(who.sessionId, { orgId: who.orgId, orgRole: m.role, permissions: m.permissions })
}
const call = async (who: Caller, method: string, path: string, body?: unknown) =>
  svc.call(method, `/organizations/${who.orgId}${path}`, { headers: await as(who), body })
/** A signed-in call outside any organisation (POST /invitations/accept). */
const callSignedIn = async (who: Pick<Caller, 'sessionId'>, path: string, body: unknown) =>
  svc.call('POST', path, { headers: await svc.asSession(who.sessionId), body })

async function ownerOfNewOrg(firstName: string): Promise<Caller> {
  const u = await registerVerifiedUser(svc, { firstName })
  const orgId = (await svc.deps.prisma.membership.findFirstOrThrow({ where: { userId: u.user.id } })).organizationId
  return { userId: u.user.id, orgId, sessionId: (await loginAs(svc, u.email, u.password)).sessionId, email: u.email, password: u.password }
}

async function memberWith(roleId: string): Promise<Caller> {
  const u = await registerVerifiedUser(svc, { firstName: 'Tess' })
  await svc.deps.prisma.membership.create({ data: { userId: u.user.id, organizationId: owner.orgId, roleId } })
  return { userId: u.user.id, orgId: owner.orgId, sessionId: (await loginAs(svc, u.email, u.password)).sessionId, email: u.email, password: u.password }
}

/** Invites an address and returns the invitation and the token from its mail. */
async function invite(email: string, roleId: string = SYSTEM_ROLE_IDS.Member, by: Caller = owner) {
  const sentAfter = Date.now()
  const res = await call(by, 'POST', '/invitations', { email, roleId })
  expect(res.status, res.text).toBe(201)
  const mail = await svc.waitForMail(email, undefined, sentAfter)
  const link = mail.links.find((l) => l.includes('/invite?token='))!
  return { invitation: ZInvitation.parse(res.json), token: tokenFromLink(link), mail, link }
}

const outboxOf = async (subject: string, userId: string) =>
  (await svc.deps.prisma.outboxEvent.findMany({ where: { subject } })).filter((e) => (e.payload as { data: { userId: string } }).data.userId === userId)

beforeAll(async () => {
  svc = await startAuthTestService()
  owner = await ownerOfNewOrg('Olga')
  outsider = await ownerOfNewOrg('Otto')
})
afterAll(async () => {
  await svc?.close()
})

describe('sending an invitation', () => {
  it('mails a link to /invite, lists it as pending with the inviter, and stores only the hash of the token', async () => {
    const email = uniqueEmail('crew')
    const { invitation, token, mail, link } = await invite(`  ${email.toUpperCase()} `)
    expect(invitation).toMatchObject({ email, roleId: SYSTEM_ROLE_IDS.Member, roleName: 'Member', invitedBy: 'Olga Mason', status: 'pending' })
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.sentAt)).toBe(INVITATION_TTL_MS)
    expect(link.startsWith(`${APP_URL}/invite?token=`)).toBe(true)
    expect(mail.subject).toBe(
      `Olga Mason invited you to ${(await svc.deps.prisma.organization.findUniqueOrThrow({ where: { id: owner.orgId } })).name} on Plumbline`,
    )
    expect(mail.text).toContain('as Member')
    const row = await svc.deps.prisma.invitation.findUniqueOrThrow({ where: { id: invitation.id } })
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(row)).not.toContain(token)
    const list = await call(owner, 'GET', '/invitations')
    expect(list.status).toBe(200)
    expect(list.json.map((i: { id: string }) => i.id)).toContain(invitation.id)
    expect((await call(outsider, 'GET', '/invitations')).json.map((i: { id: string }) => i.id)).not.toContain(invitation.id)
  })

  it('refuses bad input with 400 and the field, a member or a pending address with 409', async () => {
    const noEmail = await call(owner, 'POST', '/invitations', { roleId: SYSTEM_ROLE_IDS.Member })
    expect(noEmail.status).toBe(400)
    expect(noEmail.json.errors).toEqual([{ field: 'email', message: 'Please enter a valid email address' }])
    const badEmail = await call(owner, 'POST', '/invitations', { email: 'not-an-address', roleId: SYSTEM_ROLE_IDS.Member })
    expect(badEmail.json.errors).toEqual([{ field: 'email', message: 'Please enter a valid email address' }])
    const noRole = await call(owner, 'POST', '/invitations', { email: uniqueEmail() })
    expect(noRole.json.errors).toEqual([{ field: 'roleId', message: 'Please choose a role' }])
    const unknownRole = await call(owner, 'POST', '/invitations', { email: uniqueEmail(), roleId: 'no-such-role' })
    expect(unknownRole.status).toBe(400)
    expect(unknownRole.json.errors).toEqual([{ field: 'roleId', message: MEMBER_MESSAGES.roleNotFound }])
    const foreignRole = await call(outsider, 'POST', '/roles', { name: `Foreign ${Date.now()}` })
    expect((await call(owner, 'POST', '/invitations', { email: uniqueEmail(), roleId: foreignRole.json.id })).status).toBe(400)

    const member = await call(owner, 'POST', '/invitations', { email: owner.email, roleId: SYSTEM_ROLE_IDS.Member })
    expect(member.status).toBe(409)
    expect(member.json.message).toBe(INVITATION_MESSAGES.alreadyMember)
    const { invitation } = await invite(uniqueEmail('twice'))
    const again = await call(owner, 'POST', '/invitations', { email: invitation.email, roleId: SYSTEM_ROLE_IDS.Viewer })
    expect(again.status).toBe(409)
    expect(again.json.message).toBe(INVITATION_MESSAGES.alreadyInvited)
  })

  it('takes team create to send, team delete to revoke, an Owner to invite an Owner; other organisations get 404', async () => {
    const viewer = await memberWith(SYSTEM_ROLE_IDS.Viewer)
    expect((await call(viewer, 'POST', '/invitations', { email: uniqueEmail(), roleId: SYSTEM_ROLE_IDS.Member })).status).toBe(403)
    const admin = await memberWith(SYSTEM_ROLE_IDS.Admin)
    expect((await call(admin, 'POST', '/invitations', { email: uniqueEmail(), roleId: SYSTEM_ROLE_IDS.Owner })).status).toBe(403)
    const { invitation } = await invite(uniqueEmail('by-admin'), SYSTEM_ROLE_IDS.Member, admin)
    expect((await call(admin, 'DELETE', `/invitations/${invitation.id}`)).status).toBe(403)
    expect((await call(outsider, 'DELETE', `/invitations/${invitation.id}`)).status).toBe(404)
    expect((await call(outsider, 'POST', `/invitations/${invitation.id}/resend`)).status).toBe(404)
    expect((await call(owner, 'DELETE', '/invitations/%00')).status).toBe(404)
    const headers = await as(outsider)
    expect((await svc.call('GET', `/organizations/${owner.orgId}/invitations`, { headers })).status).toBe(404)
  })
})

describe('the link', () => {
  it('previews the organisation, role and inviter; any other token is the same invalid link', async () => {
    const { token, invitation } = await invite(uniqueEmail('preview'), SYSTEM_ROLE_IDS.Viewer)
    const preview = await svc.call('POST', '/invitations/preview', { body: { token } })
    expect(preview.status).toBe(200)
    expect(ZInvitationPreview.parse(preview.json)).toMatchObject({ roleName: 'Viewer', invitedBy: 'Olga Mason', email: invitation.email, accountExists: false })
    const unknown = await svc.call('POST', '/invitations/preview', { body: { token: 'x'.repeat(43) } })
    expect(unknown.status).toBe(404)
    expect(unknown.json.message).toBe(INVITATION_MESSAGES.invalidLink)
    const missing = await svc.call('POST', '/invitations/preview', { body: {} })
    expect(missing.status).toBe(400)
    expect(missing.json.errors).toEqual([{ field: 'token', message: INVITATION_MESSAGES.tokenRequired }])
  })

  it('registers a new account into the organisation only, verified, and is used up', async () => {
    const { token, invitation } = await invite(uniqueEmail('newbie'), SYSTEM_ROLE_IDS.Viewer)
    const weak = await svc.call('POST', '/invitations/register', { body: { token, firstName: 'Nell', lastName: 'New', password: 'short' } })
    expect(weak.status).toBe(400)
    expect(weak.json.errors[0].field).toBe('password')
    const res = await svc.call('POST', '/invitations/register', { body: { token, firstName: 'Nell', lastName: 'New', password: STRONG_PASSWORD } })
    expect(res.status, res.text).toBe(201)
    expect(res.json.organizationId).toBe(owner.orgId)
    const user = await svc.deps.prisma.user.findUniqueOrThrow({ where: { email: invitation.email }, include: { memberships: { include: { role: true } } } })
    expect(user.emailVerifiedAt).not.toBeNull()
    expect(user.memberships.map((m) => [m.organizationId, m.role.name])).toEqual([[owner.orgId, 'Viewer']])
    await loginAs(svc, invitation.email, STRONG_PASSWORD)
    const events = await outboxOf(Subjects.userRegistered, user.id)
    expect(events.map((e) => (e.payload as { data: { organizationId: string } }).data.organizationId)).toEqual([owner.orgId])

    const reused = await svc.call('POST', '/invitations/register', { body: { token, firstName: 'Nell', lastName: 'New', password: STRONG_PASSWORD } })
    expect(reused.status).toBe(404)
    expect((await svc.call('POST', '/invitations/preview', { body: { token } })).status).toBe(404)
    expect((await call(owner, 'GET', '/invitations')).json.map((i: { id: string }) => i.id)).not.toContain(invitation.id)
  })

  it('lets an existing account join once signed in as the invited address, never as another one', async () => {
    const existing = await registerVerifiedUser(svc, { firstName: 'Eve' })
    const { token } = await invite(existing.email, SYSTEM_ROLE_IDS.Member)
    expect((await svc.call('POST', '/invitations/preview', { body: { token } })).json.accountExists).toBe(true)
    const registerAnyway = await svc.call('POST', '/invitations/register', { body: { token, firstName: 'Eve', lastName: 'X', password: STRONG_PASSWORD } })
    expect(registerAnyway.status).toBe(409)
    expect(registerAnyway.json.message).toBe(INVITATION_MESSAGES.accountExists)

    const wrong = await callSignedIn(outsider, '/invitations/accept', { token })
    expect(wrong.status).toBe(403)
    expect(wrong.json.message).toBe(INVITATION_MESSAGES.wrongAccount)
    expect((await svc.call('POST', '/invitations/accept', { body: { token } })).status).toBe(401)

    const session = await loginAs(svc, existing.email, existing.password)
    const accepted = await callSignedIn(session, '/invitations/accept', { token })
    expect(accepted.status, accepted.text).toBe(200)
    expect(accepted.json.organizationId).toBe(owner.orgId)
    const identity = await resolveIdentity(svc.deps, existing.user.id)
    expect(identity?.memberships.map((m) => [m.orgId, m.role])).toEqual([
      [expect.any(String), 'Owner'],
      [owner.orgId, 'Member'],
    ])
    expect(await outboxOf(Subjects.memberJoined, existing.user.id)).toHaveLength(1)
    expect((await callSignedIn(session, '/invitations/accept', { token })).status).toBe(404)
  })

  it('accepts once when the same link is used twice at the same moment', async () => {
    const { token, invitation } = await invite(uniqueEmail('race'))
    const body = { token, firstName: 'Rae', lastName: 'Race', password: STRONG_PASSWORD }
    const results = await Promise.all([1, 2, 3].map(() => svc.call('POST', '/invitations/register', { body })))
    expect(results.filter((r) => r.status === 201)).toHaveLength(1)
    expect(results.every((r) => [201, 404, 409].includes(r.status))).toBe(true)
    expect(await svc.deps.prisma.user.count({ where: { email: invitation.email } })).toBe(1)
  })
})

describe('resend, revoke and expiry', () => {
  it('resends a new link with seven more days; the old link stops working', async () => {
    const { invitation, token } = await invite(uniqueEmail('resend'))
    await svc.deps.prisma.invitation.update({
      where: { id: invitation.id },
      data: { sentAt: new Date(Date.now() - 86_400_000), expiresAt: new Date(Date.now() + 1000) },
    })
    const sentAfter = Date.now()
    const resent = await call(owner, 'POST', `/invitations/${invitation.id}/resend`)
    expect(resent.status).toBe(200)
    expect(Date.parse(resent.json.expiresAt)).toBeGreaterThan(Date.now() + INVITATION_TTL_MS - 60_000)
    const mail = await svc.waitForMail(invitation.email, undefined, sentAfter)
    const fresh = tokenFromLink(mail.links.find((l) => l.includes('/invite?token='))!)
    expect(fresh).not.toBe(token)
    expect((await svc.call('POST', '/invitations/preview', { body: { token } })).status).toBe(404)
    expect((await svc.call('POST', '/invitations/preview', { body: { token: fresh } })).status).toBe(200)
  })

  it('revokes: the link is dead, the list forgets it, a second revoke is 404', async () => {
    const { invitation, token } = await invite(uniqueEmail('revoke'))
    expect((await call(owner, 'DELETE', `/invitations/${invitation.id}`)).status).toBe(204)
    expect((await svc.call('POST', '/invitations/preview', { body: { token } })).status).toBe(404)
    expect((await call(owner, 'GET', '/invitations')).json.map((i: { id: string }) => i.id)).not.toContain(invitation.id)
    expect((await call(owner, 'DELETE', `/invitations/${invitation.id}`)).status).toBe(404)
    expect((await call(owner, 'POST', `/invitations/${invitation.id}/resend`)).status).toBe(404)
  })

  it('an expired invitation shows as expired, its link is dead, and inviting the address again replaces it', async () => {
    const { invitation, token } = await invite(uniqueEmail('expired'))
    await svc.deps.prisma.invitation.update({ where: { id: invitation.id }, data: { expiresAt: new Date(Date.now() - 1000) } })
    expect((await svc.call('POST', '/invitations/preview', { body: { token } })).status).toBe(404)
    const listed = (await call(owner, 'GET', '/invitations')).json.find((i: { id: string }) => i.id === invitation.id)
    expect(listed.status).toBe('expired')
    const again = await invite(invitation.email)
    expect(again.invitation.id).not.toBe(invitation.id)
    const ids = (await call(owner, 'GET', '/invitations')).json.map((i: { id: string }) => i.id)
    expect(ids).toContain(again.invitation.id)
    expect(ids).not.toContain(invitation.id)
  })
})
