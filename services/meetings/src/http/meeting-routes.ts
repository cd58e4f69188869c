import { ZActionItemParams, ZCreateMeetingBody, ZMeetingIdParams, ZMeetingListQuery, ZOrgIdParam } from '@plumbline/contracts'
import { isUuid, notFound, type OrgContext, orgContextOf, parseBody, parseParams, parseQuery, requirePermission } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import type { MeetingsDeps } from '../deps.js'
import type { FileSource } from '../domain/file-source.js'
import { actionItemToTask, allActionItemsToTasks } from '../usecases/action-items.js'
import { liveTranscribe, readAudio } from '../usecases/audio.js'
import { createMeeting, deleteMeeting, getMeeting, importTranscript, listMeetings, transcriptionInfo, uploadRecording } from '../usecases/meetings.js'
import { receiveFile } from './receive-file.js'

/** Meeting and action item ids are UUIDs; anything else names nothing, the same 404 as a missing one. */
function uuidOrNotFound(id: string, what: string): string {
  if (!isUuid(id)) throw notFound(what)
  return id.toLowerCase()
}

/** The request's multipart file, read as the use case asks. */
const fileOf =
  (req: express.Request): FileSource =>
  (opts) =>
    receiveFile(req, opts)

/** The organisation context and the meeting id of `/meetings/:id/...`, after the module permission. */
function meetingRef(req: express.Request, res: express.Response, action: 'access' | 'create' | 'edit' | 'delete'): { ctx: OrgContext; id: string } {
  const params = parseParams(ZMeetingIdParams, req)
  const ctx = orgContextOf(res, params.orgId)
  requirePermission(ctx, 'ai_notetaker', action)
  return { ctx, id: uuidOrNotFound(params.id, 'Meeting') }
}

/**
 * The notetaker's meetings (spec 001 §7, issue 12), under the ai_notetaker module: every member
 * reads them; recording, uploading and importing take create, action item → task takes create
 * (it makes tasks), deleting takes delete.
 */
export function meetingRoutes(deps: MeetingsDeps): Router {
  const router = express.Router()
  const base = '/organizations/:orgId/meetings'
  router.get(base, async (req, res) => {
    const ctx = orgContextOf(res, parseParams(ZOrgIdParam, req).orgId)
    requirePermission(ctx, 'ai_notetaker', 'access')
    res.json(await listMeetings(deps, ctx.orgId, parseQuery(ZMeetingListQuery, req).search))
  })
  router.post(base, async (req, res) => {
    const ctx = orgContextOf(res, parseParams(ZOrgIdParam, req).orgId)
    requirePermission(ctx, 'ai_notetaker', 'create')
    res.status(201).json(await createMeeting(deps, ctx, parseBody(ZCreateMeetingBody, req)))
  })
  router.get(`${base}/transcription`, async (req, res) => {
    const ctx = orgContextOf(res, parseParams(ZOrgIdParam, req).orgId)
    requirePermission(ctx, 'ai_notetaker', 'access')
    res.json(transcriptionInfo(deps))
  })
  router.get(`${base}/:id`, async (req, res) => {
    const { ctx, id } = meetingRef(req, res, 'access')
    res.json(await getMeeting(deps, ctx.orgId, id))
  })
  router.delete(`${base}/:id`, async (req, res) => {
    const { ctx, id } = meetingRef(req, res, 'delete')
    await deleteMeeting(deps, ctx, id)
    res.status(204).end()
  })
  router.post(`${base}/:id/transcribe`, async (req, res) => {
    const { ctx, id } = meetingRef(req, res, 'create')
    res.status(202).json(await uploadRecording(deps, ctx, id, fileOf(req)))
  })
  router.post(`${base}/:id/live-transcribe`, async (req, res) => {
    const { ctx, id } = meetingRef(req, res, 'create')
    res.json(await liveTranscribe(deps, ctx.orgId, id, fileOf(req)))
  })
  router.post(`${base}/:id/transcript`, async (req, res) => {
    const { ctx, id } = meetingRef(req, res, 'create')
    res.status(202).json(await importTranscript(deps, ctx, id, fileOf(req)))
  })
  router.get(`${base}/:id/audio`, async (req, res) => {
    const { ctx, id } = meetingRef(req, res, 'access')
    const audio = await readAudio(deps, ctx.orgId, id, req.headers.range)
    res.setHeader('content-type', audio.contentType)
    res.setHeader('accept-ranges', 'bytes')
    res.setHeader('cache-control', 'private, max-age=0')
    if (audio.range) {
      res.status(206)
      res.setHeader('content-range', `bytes ${audio.range.start}-${audio.range.end}/${audio.sizeBytes}`)
      res.setHeader('content-length', String(audio.range.end - audio.range.start + 1))
    } else res.setHeader('content-length', String(audio.sizeBytes))
    audio.stream.on('error', () => res.destroy())
    audio.stream.pipe(res)
  })
  router.post(`${base}/:id/action-items/tasks`, async (req, res) => {
    const { ctx, id } = meetingRef(req, res, 'create')
    res.status(201).json(await allActionItemsToTasks(deps, ctx, id))
  })
  router.post(`${base}/:id/action-items/:itemId/task`, async (req, res) => {
    const params = parseParams(ZActionItemParams, req)
    const { ctx, id } = meetingRef(req, res, 'create')
    res.status(201).json(await actionItemToTask(deps, ctx, id, uuidOrNotFound(params.itemId, 'Action item')))
  })
  return router
}
