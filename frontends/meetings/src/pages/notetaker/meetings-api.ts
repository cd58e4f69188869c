import { type Estimate, MeetingMessages, type MeetingStatus, type Task } from '@plumbline/contracts'
import { apiRequest, apiUpload } from '@plumbline/web'

// Query keys are also the GETs they make (string segments join into the path).
export const meetingsKey = (orgId: string, search = '') =>
  ['/api/organizations', orgId, search ? `meetings?search=${encodeURIComponent(search)}` : 'meetings'] as const
export const meetingsPrefix = (orgId: string) => ['/api/organizations', orgId] as const
export const meetingKey = (orgId: string, id: string) => ['/api/organizations', orgId, 'meetings', id] as const
export const transcriptionKey = (orgId: string) => ['/api/organizations', orgId, 'meetings', 'transcription'] as const

const meetingsPath = (orgId: string) => `/api/organizations/${encodeURIComponent(orgId)}/meetings`
const meetingPath = (orgId: string, id: string) => `${meetingsPath(orgId)}/${encodeURIComponent(id)}`
export const audioUrl = (orgId: string, id: string) => `${meetingPath(orgId, id)}/audio`

/** Spec 001 §7: POST /meetings answers the id; an answer without one is an error (spec §8). */
export async function createMeeting(orgId: string, body: { title: string; description: string }): Promise<string> {
  const reply = (await (await apiRequest('POST', meetingsPath(orgId), body)).json()) as { id?: string }
  if (!reply?.id) throw new Error(MeetingMessages.missingId)
  return reply.id
}

export async function uploadRecording(orgId: string, id: string, audio: Blob): Promise<{ status: MeetingStatus }> {
  const form = new FormData()
  const extension = audio.type.includes('ogg') ? 'ogg' : 'webm'
  form.append('audio', audio, `recording.${extension}`)
  return (await (await apiUpload(`${meetingPath(orgId, id)}/transcribe`, form)).json()) as { status: MeetingStatus }
}

export async function importTranscript(orgId: string, id: string, file: File): Promise<void> {
  const form = new FormData()
  form.append('transcript', file, file.name)
  await apiUpload(`${meetingPath(orgId, id)}/transcript`, form)
}

export async function deleteMeeting(orgId: string, id: string): Promise<void> {
  await apiRequest('DELETE', meetingPath(orgId, id))
}

export async function actionItemToTask(orgId: string, meetingId: string, itemId: string): Promise<Task> {
  return (await (await apiRequest('POST', `${meetingPath(orgId, meetingId)}/action-items/${encodeURIComponent(itemId)}/task`)).json()) as Task
}

export async function allActionItemsToTasks(orgId: string, meetingId: string): Promise<Task[]> {
  return (await (await apiRequest('POST', `${meetingPath(orgId, meetingId)}/action-items/tasks`)).json()) as Task[]
}

/**
 * Sets the estimate's contractor-only meeting notes to `notes(existing)`: the estimate is read
 * and written whole (PUT takes the full payload), keeping every other field as it was.
 */
export async function attachNotesToEstimate(orgId: string, estimateId: string, notes: (existing: string | null) => string): Promise<void> {
  const path = `/api/organizations/${encodeURIComponent(orgId)}/estimates/${encodeURIComponent(estimateId)}`
  const e = (await (await apiRequest('GET', path)).json()) as Estimate
  await apiRequest('PUT', path, {
    projectTypeId: e.projectTypeId,
    projectName: e.projectName,
    clientName: e.clientName,
    clientEmail: e.clientEmail ?? '',
    propertyAddress: e.propertyAddress,
    totalCost: e.totalCost ?? '0',
    squareFootage: e.squareFootage,
    specialFeatures: e.specialFeatures,
    meetingTranscript: notes(e.meetingTranscript),
    aiSummary: e.aiSummary,
  })
}
