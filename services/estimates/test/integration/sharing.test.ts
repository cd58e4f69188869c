import { createHash } from 'node:crypto'
import type { EventEnvelope } from '@plumbline/contracts'
import { PUBLIC_ESTIMATE_MESSAGES, Subjects, SYSTEM_ROLE_PERMISSIONS, ZShareResponse } from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEstimate, newOrgId } from '../support/estimates-test-service.js'
import { outboxSubjects, type PricingTestService, startPricingService } from '../support/pricing-fixtures.js'

let svc: PricingTestService

beforeAll(async () => {
  svc = await startPricingService({ APP_URL: 'https://app.plumbline.test/' })
})
afterAll(async () => {
  await svc?.close()
})

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

describe('share links', () => {
  it('enables sharing: a 32-byte base64url token, stored only as hash and ciphertext, status shared, event', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const estimate = await createEstimate(api)
    const res = await api('POST', `/estimates/${estimate.id}/share`)
    expect(res.status).toBe(201)
    const { shareToken, shareUrl } = ZShareResponse.parse(res.body)
    expect(shareToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(shareToken, 'base64url')).toHaveLength(32)
    expect(shareUrl).toBe(`https://app.plumbline.test/share/${shareToken}`)
    expect(res.headers.get('cache-control')).toBe('no-store')

    const row = await svc.deps.prisma.shareLink.findUniqueOrThrow({ where: { estimateId: estimate.id } })
    expect(row.tokenHash).toBe(sha256(shareToken))
    expect(row.tokenCiphertext).not.toContain(shareToken)
    expect(JSON.stringify(row)).not.toContain(shareToken)
    expect(row).toMatchObject({ organizationId: orgId, createdBy: `user-${orgId}`, revokedAt: null })

    const detail = (await api('GET', `/estimates/${estimate.id}`)).body
    expect(detail).toMatchObject({ status: 'shared', shareToken })
    expect(await outboxSubjects(svc, estimate.id)).toEqual([Subjects.estimateCreated, Subjects.estimateShared])
    const event = (await svc.deps.prisma.outboxEvent.findMany({ where: { subject: Subjects.estimateShared } })).find(
      (e) => (e.payload as EventEnvelope<{ estimateId: string }>).data.estimateId === estimate.id,
    )!
    expect(event.payload).toMatchObject({
      orgId,
      actorId: `user-${orgId}`,
      data: { estimateId: estimate.id, projectName: estimate.projectName, clientName: estimate.clientName, status: 'shared' },
    })
  })

  it('a repeated POST …/share issues a new token and kills the old link (spec 001 §4 regenerate, §7)', async () => {
    const api = svc.as(newOrgId())
    const estimate = await createEstimate(api)
    const first = await api('POST', `/estimates/${estimate.id}/share`)
    const again = await api('POST', `/estimates/${estimate.id}/share`)
    expect([first.status, again.status]).toEqual([201, 201])
    expect(again.body.shareToken).not.toBe(first.body.shareToken)
    expect((await svc.publicCall('GET', first.body.shareToken)).status).toBe(404)
    expect((await svc.publicCall('GET', again.body.shareToken)).status).toBe(200)
    expect((await api('GET', `/estimates/${estimate.id}`)).body.shareToken).toBe(again.body.shareToken)
    expect((await outboxSubjects(svc, estimate.id)).filter((s) => s === Subjects.estimateShared)).toHaveLength(2)
    // Concurrent calls run one after another on the row lock: exactly one link is live at the end.
    const all = await Promise.all([1, 2, 3].map(() => api('POST', `/estimates/${estimate.id}/share`)))
    expect(all.map((r) => r.status)).toEqual([201, 201, 201])
    const live = await Promise.all(all.map(async (r) => (await svc.publicCall('GET', r.body.shareToken)).status))
    expect(live.filter((s) => s === 200)).toHaveLength(1)
    expect(await svc.deps.prisma.shareLink.count({ where: { estimateId: estimate.id } })).toBe(1)
  })

  it('regenerating (POST …/share again) kills the old link at once; disable removes the token; enabling again makes a new one', async () => {
    const api = svc.as(newOrgId())
    const estimate = await createEstimate(api)
    const first = (await api('POST', `/estimates/${estimate.id}/share`)).body.shareToken
    expect((await svc.publicCall('GET', first)).status).toBe(200)

    const regen = await api('POST', `/estimates/${estimate.id}/share`)
    expect(regen.status).toBe(201)
    const second = regen.body.shareToken
    expect(second).not.toBe(first)
    const dead = await svc.publicCall('GET', first)
    expect(dead.status).toBe(404)
    expect(dead.body.detail).toBe(PUBLIC_ESTIMATE_MESSAGES.notFound)
    expect((await svc.publicCall('GET', second)).status).toBe(200)
    expect((await api('GET', `/estimates/${estimate.id}`)).body.shareToken).toBe(second)

    const off = await api('DELETE', `/estimates/${estimate.id}/share`)
    expect(off.status).toBe(204)
    expect((await svc.publicCall('GET', second)).status).toBe(404)
    expect(await svc.deps.prisma.shareLink.count({ where: { estimateId: estimate.id } })).toBe(0)
    // The client had opened it (viewed): with the link gone it is a draft again.
    expect((await api('GET', `/estimates/${estimate.id}`)).body).toMatchObject({ shareToken: null, status: 'draft' })
    expect((await api('DELETE', `/estimates/${estimate.id}/share`)).status).toBe(204)

    const third = (await api('POST', `/estimates/${estimate.id}/share`)).body.shareToken
    expect([first, second]).not.toContain(third)
    expect((await svc.publicCall('GET', third)).status).toBe(200)
    expect((await svc.publicCall('GET', first)).status).toBe(404)
  })

  it('moves draft and pending to shared but keeps a client decision', async () => {
    const api = svc.as(newOrgId())
    const pending = await createEstimate(api)
    await svc.deps.prisma.estimate.update({ where: { id: pending.id }, data: { status: 'pending' } })
    await api('POST', `/estimates/${pending.id}/share`)
    expect((await api('GET', `/estimates/${pending.id}`)).body.status).toBe('shared')
    const approved = await createEstimate(api)
    await svc.deps.prisma.estimate.update({ where: { id: approved.id }, data: { status: 'approved' } })
    await api('POST', `/estimates/${approved.id}/share`)
    expect((await api('GET', `/estimates/${approved.id}`)).body.status).toBe('approved')
    await api('DELETE', `/estimates/${approved.id}/share`)
    expect((await api('GET', `/estimates/${approved.id}`)).body.status).toBe('approved')
  })

  it('needs the share permission; another organisation and deleted estimates get 404', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const estimate = await createEstimate(api)
    const viewer = svc.as(orgId, { permissions: SYSTEM_ROLE_PERMISSIONS.Viewer, userId: 'v' })
    expect((await viewer('POST', `/estimates/${estimate.id}/share`)).status).toBe(403)
    expect((await viewer('DELETE', `/estimates/${estimate.id}/share`)).status).toBe(403)
    const member = svc.as(orgId, { permissions: SYSTEM_ROLE_PERMISSIONS.Member, userId: 'm' })
    expect((await member('POST', `/estimates/${estimate.id}/share`)).status).toBe(201)
    const other = svc.as(newOrgId())
    for (const [method, suffix] of [
      ['POST', '/share'],
      ['DELETE', '/share'],
    ] as const) {
      expect((await other(method, `/estimates/${estimate.id}${suffix}`)).status).toBe(404)
    }
    expect((await api('POST', '/estimates/not-a-uuid/share')).status).toBe(404)
    const token = (await api('POST', `/estimates/${estimate.id}/share`)).body.shareToken
    expect((await api('DELETE', `/estimates/${estimate.id}`)).status).toBe(204)
    expect((await api('POST', `/estimates/${estimate.id}/share`)).status).toBe(404)
    expect((await svc.publicCall('GET', token)).status).toBe(404)
  })
})
