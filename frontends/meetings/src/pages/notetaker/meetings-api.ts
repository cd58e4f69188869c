import { type Estimate, MeetingMessages, type MeetingStatus, type Task } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { apiKey, apiPath, apiUpload, callApi, organizationKey } from '@plumbline/web'

// Query keys are also the GETs they make (string segments join into the path).
export const meetingsKey = (orgId: string, search = '') => apiKey(api.getMeetings, { orgId }, search ? { search } : undefined)
export const meetingsPrefix = (orgId: string) => organizationKey(orgId)
export const meetingKey = (orgId: string, id: string) => apiKey(api.getMeetingsById, { orgId, id })
export const transcriptionKey = (orgId: string) => apiKey(api.getMeetingsTranscription, { orgId })
export const audioUrl = (orgId: string, id: string) => apiPath(api.getMeetingsAudio, { orgId, id })

/** Spec 001 §7: POST /meetings answers the id; an answer without one is an error (spec §8). */
export async function createMeeting(orgId: string, body: { title: string; description: string }): Promise<string> {
  const reply: { id?: string } | undefined = await callApi(api.postMeetings, { params: { orgId }, body })
  if (!reply?.id) throw new Error(MeetingMessages.missingId)
  return reply.id
}

export async function uploadRecording(orgId: string, id: string, audio: Blob): Promise<{ status: MeetingStatus }> {
  const form = new FormData()
  const extension = audio.type.includes('ogg') ? 'ogg' : 'webm'
  form.append('audio', audio, `recording.${extension}`)
  return (await (await apiUpload(apiPath(api.postMeetingsTranscribe, { orgId, id }), form)).json()) as { status: MeetingStatus }
}

export async function importTranscript(orgId: string, id: string, file: File): Promise<void> {
  const form = new FormData()
  form.append('transcript', file, file.name)
  await apiUpload(apiPath(api.postMeetingsTranscript, { orgId, id }), form)
}

export async function deleteMeeting(orgId: string, id: string): Promise<void> {
  await callApi(api.deleteMeetingsById, { params: { orgId, id } })
}

export async function actionItemToTask(orgId: string, meetingId: string, itemId: string): Promise<Task> {
  return callApi(api.postMeetingsActionItemTask, { params: { orgId, id: meetingId, itemId } })
}

export async function allActionItemsToTasks(orgId: string, meetingId: string): Promise<Task[]> {
  return callApi(api.postMeetingsActionItemsTasks, { params: { orgId, id: meetingId } })
}

/**
 * Sets the estimate's contractor-only meeting notes to `notes(existing)`: the estimate is read
 * and written whole (PUT takes the full payload), keeping every other field as it was.
 */
export async function attachNotesToEstimate(orgId: string, estimateId: string, notes: (existing: string | null) => string): Promise<void> {
  const params = { orgId, id: estimateId }
  const e: Estimate = await callApi(api.getEstimatesById, { params })
  await callApi(api.putEstimatesById, {
    params,
    body: {
      // An estimate whose project type was removed is refused either way ('Please select a project type').
      projectTypeId: e.projectTypeId ?? '',
      projectName: e.projectName,
      clientName: e.clientName,
      clientEmail: e.clientEmail ?? '',
      propertyAddress: e.propertyAddress,
      totalCost: e.totalCost ?? '0',
      squareFootage: e.squareFootage,
      specialFeatures: e.specialFeatures,
      meetingTranscript: notes(e.meetingTranscript),
      aiSummary: e.aiSummary,
    },
  })
}
