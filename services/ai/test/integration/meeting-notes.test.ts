import { ErrorCode, RequestSubjects, type SummarizeMeetingRequest, type TranscriptSegment, ZSummarizeMeetingReply } from '@plumbline/contracts'
import { type Bus, connectBus, type ReplyBody, request } from '@plumbline/messaging'
import { testEnv } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AiTestService, newOrgId, startAiTestService } from '../support/ai-test-service.js'

// The ai service (built-in writer) answering rpc.ai.meeting.summarize over real NATS, asked from
// a connection of its own as the meetings service would.

let svc: AiTestService
let meetings: Bus

beforeAll(async () => {
  svc = await startAiTestService()
  meetings = await connectBus({ servers: testEnv.natsUrl, name: 'meetings-test', prefix: svc.prefix, logger: svc.deps.logger })
})
afterAll(async () => {
  await meetings?.close()
  await svc?.close()
})

const segment = (text: string, i: number, speaker: string | null): TranscriptSegment => ({ startMs: i * 8000, endMs: i * 8000 + 7500, text, speaker })

const siteVisit = (): SummarizeMeetingRequest => ({
  organizationId: newOrgId(),
  meetingId: 'meeting-1',
  title: 'Roof replacement kick-off',
  description: 'Hail damage, north slope',
  meetingDate: '2026-12-01T09:00:00-05:00',
  segments: [
    segment('Morning everyone, thanks for making it.', 0, 'Dave'),
    segment('The hail damage on the north slope is worse than the photos showed, so the whole roof gets new shingles.', 1, 'Dave'),
    segment('We talked about the permit last week.', 2, 'Sarah'),
    segment('Sarah will send the permit by Friday.', 3, 'Dave'),
    segment("I'll order the shingles tomorrow. The shingles are the weathered wood colour the client picked.", 4, 'Mike'),
    segment('We need to schedule the inspection next week.', 5, 'Dave'),
    segment('Action item: call the adjuster about the hail damage.', 6, 'Sarah'),
    segment('Mike to confirm the dumpster by 12/15.', 7, 'Dave'),
    segment('Great, so Sarah will send the permit by Friday. Thanks all.', 8, 'Dave'),
  ],
})

const summarize = (data: unknown) => request(meetings, RequestSubjects.summarizeMeeting, data, { schema: ZSummarizeMeetingReply, timeoutMs: 5000 })

/** The raw reply body, as any requester sees it on the wire. */
async function rawReply(payload: string): Promise<ReplyBody> {
  const msg = await meetings.nc.request(meetings.subject(RequestSubjects.summarizeMeeting), payload, { timeout: 5000 })
  return JSON.parse(new TextDecoder().decode(msg.data)) as ReplyBody
}

describe('rpc.ai.meeting.summarize with the built-in writer', () => {
  it('answers a summary and the action items with owners, due dates and source segments', async () => {
    const reply = await summarize(siteVisit())
    expect(reply.provider).toBe('builtin')
    expect(reply.summary).toContain('The hail damage on the north slope is worse than the photos showed')
    expect(reply.summary.length).toBeLessThanOrEqual(600)
    expect(reply.summary).not.toContain('Morning everyone')
    expect(reply.actionItems).toEqual([
      { text: 'Send the permit by Friday', owner: 'Sarah', dueDate: '2026-12-04', sourceSegmentIndex: 3 },
      { text: 'Order the shingles tomorrow', owner: 'Mike', dueDate: '2026-12-02', sourceSegmentIndex: 4 },
      { text: 'Schedule the inspection next week', owner: 'Dave', dueDate: '2026-12-07', sourceSegmentIndex: 5 },
      { text: 'Call the adjuster about the hail damage', owner: null, dueDate: null, sourceSegmentIndex: 6 },
      { text: 'Confirm the dumpster by 12/15', owner: 'Mike', dueDate: '2026-12-15', sourceSegmentIndex: 7 },
    ])
  })

  it('answers an empty transcript with an empty summary and no items', async () => {
    expect(await summarize({ ...siteVisit(), segments: [] })).toEqual({ summary: '', actionItems: [], provider: 'builtin' })
  })

  it('answers a request that breaks the contract with VALIDATION_FAILED, in the error shape of every responder', async () => {
    const { meetingDate: _omitted, ...withoutDate } = siteVisit()
    await expect(summarize(withoutDate)).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: expect.stringContaining('meetingDate') })
    const body = await rawReply(JSON.stringify({ ...siteVisit(), segments: [{ startMs: -1, endMs: 0, text: 'x' }] }))
    expect(body).toEqual({ error: { code: ErrorCode.VALIDATION_FAILED, message: expect.stringContaining('startMs') } })
    expect(await rawReply('{not json')).toEqual({ error: { code: ErrorCode.VALIDATION_FAILED, message: expect.any(String) } })
  })
})
