import { meetingsRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter, uuidParam } from '@plumbline/service-kit'
import type { Request, Router } from 'express'
import type { MeetingsDeps } from '../deps.js'
import type { FileSource } from '../domain/file-source.js'
import { actionItemToTask, allActionItemsToTasks } from '../usecases/action-items.js'
import { liveTranscribe, readAudio } from '../usecases/audio.js'
import { createMeeting, deleteMeeting, getMeeting, importTranscript, listMeetings, transcriptionInfo, uploadRecording } from '../usecases/meetings.js'
import { receiveFile } from './receive-file.js'

/** Meeting ids are UUIDs; anything else names nothing, the same 404 as a missing one. */
const meetingId = (req: Request) => uuidParam(req, 'id', 'Meeting')

/** The request's multipart file, read as the use case asks. */
const fileOf =
  (req: Request): FileSource =>
  (opts) =>
    receiveFile(req, opts)

/**
 * The notetaker's meetings (spec 001 §7), under the ai_notetaker module: every member
 * reads them; recording, uploading and importing take create, action item → task takes create
 * (it makes tasks), deleting takes delete.
 */
export function meetingRoutes(deps: MeetingsDeps): Router {
  return catalogueRouter(meetingsRoutes)
    .on('getMeetings', ({ ctx, query }) => listMeetings(deps, ctx, query.search))
    .on('postMeetings', ({ ctx, body }) => createMeeting(deps, ctx, body))
    .on('getMeetingsTranscription', () => transcriptionInfo(deps))
    .on('getMeetingsById', ({ ctx, req }) => getMeeting(deps, ctx, meetingId(req)))
    .on('deleteMeetingsById', async ({ ctx, req }) => {
      await deleteMeeting(deps, ctx, meetingId(req))
    })
    .on('postMeetingsTranscribe', ({ ctx, req }) => uploadRecording(deps, ctx, meetingId(req), fileOf(req)))
    .on('postMeetingsLiveTranscribe', ({ ctx, req }) => liveTranscribe(deps, ctx, meetingId(req), fileOf(req)))
    .on('postMeetingsTranscript', ({ ctx, req }) => importTranscript(deps, ctx, meetingId(req), fileOf(req)))
    .on('getMeetingsAudio', async ({ ctx, req, res }) => {
      const audio = await readAudio(deps, ctx, meetingId(req), req.headers.range)
      res.setHeader('content-type', audio.contentType)
      res.setHeader('accept-ranges', 'bytes')
      // A recording is tenant data: no cache (browser, proxy or disk) keeps a copy.
      res.setHeader('cache-control', 'no-store')
      if (audio.range) {
        res.status(206)
        res.setHeader('content-range', `bytes ${audio.range.start}-${audio.range.end}/${audio.sizeBytes}`)
        res.setHeader('content-length', String(audio.range.end - audio.range.start + 1))
      } else res.setHeader('content-length', String(audio.sizeBytes))
      audio.stream.on('error', () => res.destroy())
      audio.stream.pipe(res)
    })
    .on('postMeetingsActionItemsTasks', ({ ctx, req }) => allActionItemsToTasks(deps, ctx, meetingId(req)))
    .on('postMeetingsActionItemTask', ({ ctx, req }) => actionItemToTask(deps, ctx, meetingId(req), uuidParam(req, 'itemId', 'Action item'))).router
}
