import type { MeetingDetail } from '@plumbline/contracts'
import {
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  EmptyState,
  Input,
  Progress,
  Skeleton,
  toast,
} from '@plumbline/ui'
import { parseApiError, useBlockedReason } from '@plumbline/web'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { AlertTriangle, CheckCircle2, FileText, ListChecks, Paperclip, Trash2, Upload } from 'lucide-react'
import * as React from 'react'
import { Link } from 'react-router'
import { estimateChoicesKey, listEstimateChoices } from '../shared/estimate-choices'
import { appendNotes, formatDuration, formatOffset, formatStartTime, meetingNotesText, STATUS_LABEL, transcriptSource } from './meeting-view'
import {
  actionItemToTask,
  allActionItemsToTasks,
  attachNotesToEstimate,
  audioUrl,
  deleteMeeting,
  importTranscript,
  meetingKey,
  meetingsPrefix,
} from './meetings-api'

const failure = (title: string, error: unknown) => toast({ variant: 'destructive', title, description: parseApiError(error).message })

type Props = { orgId: string; meetingId: string | null; onClose: () => void }

/** One meeting (a dialog on /notetaker; the spec's route table has no detail route): transcript, summary, action items, audio and actions. */
export function MeetingDetailDialog({ orgId, meetingId, onClose }: Props) {
  const meeting = useQuery<MeetingDetail>({
    queryKey: meetingKey(orgId, meetingId ?? ''),
    enabled: meetingId !== null,
    refetchInterval: (q) => (q.state.data?.status === 'transcribing' ? 1500 : false),
  })
  const m = meeting.data
  return (
    <Dialog open={meetingId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle className="break-words pr-6">{m?.title ?? 'Meeting'}</DialogTitle>
          <DialogDescription>
            {m ? `${formatStartTime(m.startTime)} · ${formatDuration(m.duration)}${m.description ? ` · ${m.description}` : ''}` : 'Loading the meeting…'}
          </DialogDescription>
        </DialogHeader>
        {meeting.isPending ? (
          <div className="space-y-3" role="status" aria-label="Loading the meeting">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : meeting.isError || !m ? (
          <EmptyState icon={<AlertTriangle />} title="Failed to load the meeting" action={<Button onClick={() => meeting.refetch()}>Try again</Button>} />
        ) : (
          <MeetingBody orgId={orgId} meeting={m} onDeleted={onClose} />
        )}
      </DialogContent>
    </Dialog>
  )
}

function MeetingBody({ orgId, meeting, onDeleted }: { orgId: string; meeting: MeetingDetail; onDeleted: () => void }) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: meetingsPrefix(orgId) })
  const createBlocked = useBlockedReason('ai_notetaker', 'create', 'create tasks or import transcripts')
  const deleteBlocked = useBlockedReason('ai_notetaker', 'delete', 'delete meetings')
  const [confirmDelete, setConfirmDelete] = React.useState(false)
  const fileInput = React.useRef<HTMLInputElement>(null)

  const toTask = useMutation({
    mutationFn: (itemId: string) => actionItemToTask(orgId, meeting.id, itemId),
    onSuccess: (task) => {
      toast({ variant: 'success', title: 'Task created', description: task.title })
      return refresh()
    },
    onError: (e) => failure('Failed to create task', e),
  })
  const allToTasks = useMutation({
    mutationFn: () => allActionItemsToTasks(orgId, meeting.id),
    onSuccess: (tasks) => {
      toast({ variant: 'success', title: tasks.length === 1 ? '1 task created' : `${tasks.length} tasks created` })
      return refresh()
    },
    onError: (e) => failure('Failed to create tasks', e),
  })
  const upload = useMutation({
    mutationFn: (file: File) => importTranscript(orgId, meeting.id, file),
    onSuccess: () => {
      toast({ variant: 'success', title: 'Transcript imported', description: 'Writing the summary and action items…' })
      return refresh()
    },
    onError: (e) => failure('Failed to import the transcript', e),
  })
  const remove = useMutation({
    mutationFn: () => deleteMeeting(orgId, meeting.id),
    onSuccess: async () => {
      toast({ variant: 'success', title: 'Meeting deleted' })
      onDeleted()
      await refresh()
    },
    onError: (e) => failure('Failed to delete the meeting', e),
  })

  const openTasks = meeting.actionItems.filter((i) => !i.taskId).length
  const timed = meeting.segments.some((s) => s.endMs > 0)
  return (
    <div className="min-w-0 space-y-5">
      <StatusPanel meeting={meeting} />

      {meeting.hasAudio ? (
        // biome-ignore lint/a11y/useMediaCaption: the transcript below is the recording's text
        <audio controls preload="metadata" src={audioUrl(orgId, meeting.id)} className="w-full" data-testid="meeting-audio" />
      ) : null}

      <section aria-labelledby="summary-heading" className="space-y-2">
        <h3 id="summary-heading" className="font-semibold">
          Summary
        </h3>
        {meeting.summary ? (
          <>
            <p className="whitespace-pre-line break-words text-sm" data-testid="meeting-summary">
              {meeting.summary}
            </p>
            {meeting.summaryProvider ? (
              <p className="text-xs text-muted-foreground">Written by the {meeting.summaryProvider === 'openai' ? 'OpenAI writer' : 'built-in writer'}</p>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            {meeting.status === 'transcribing' ? 'The summary appears when the transcript is ready.' : 'No summary yet.'}
          </p>
        )}
      </section>

      <section aria-labelledby="actions-heading" className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="actions-heading" className="font-semibold">
            Action items
          </h3>
          {openTasks > 1 ? (
            <Button size="sm" variant="outline" disabled={!!createBlocked || allToTasks.isPending} title={createBlocked} onClick={() => allToTasks.mutate()}>
              <ListChecks aria-hidden="true" /> Create all tasks
            </Button>
          ) : null}
        </div>
        {meeting.actionItems.length === 0 ? (
          <p className="text-sm text-muted-foreground">No action items found.</p>
        ) : (
          <ul className="space-y-2" aria-label="Action items">
            {meeting.actionItems.map((item) => (
              <li key={item.id} className="flex flex-wrap items-start justify-between gap-2 rounded-md border p-3">
                <div className="min-w-0 flex-1">
                  <p className="break-words text-sm">{item.text}</p>
                  <p className="mt-1 text-xs text-muted-foreground">
                    {[item.owner ? `Owner: ${item.owner}` : null, item.dueDate ? `Due ${item.dueDate}` : null].filter(Boolean).join(' · ') ||
                      'No owner or date said'}
                  </p>
                </div>
                {item.taskId ? (
                  <Link to="/tasks" className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
                    <CheckCircle2 className="size-4" aria-hidden="true" /> Task created
                  </Link>
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={!!createBlocked || (toTask.isPending && toTask.variables === item.id)}
                    title={createBlocked}
                    onClick={() => toTask.mutate(item.id)}
                    aria-label={`Create task: ${item.text}`}
                  >
                    Create task
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="transcript-heading" className="space-y-2">
        <h3 id="transcript-heading" className="font-semibold">
          Transcript
        </h3>
        {meeting.segments.length === 0 ? (
          <p className="text-sm text-muted-foreground">No transcript yet. You can import one (WebVTT, SRT or text, as Zoom, Teams and Meet export them).</p>
        ) : (
          <ol className="max-h-72 space-y-2 overflow-y-auto rounded-md border p-3 text-sm" aria-label="Transcript" data-testid="meeting-transcript">
            {meeting.segments.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: segments are an ordered list without ids
              <li key={i} className="flex gap-3">
                {timed ? <span className="w-12 shrink-0 font-mono text-xs leading-5 text-muted-foreground">{formatOffset(s.startMs)}</span> : null}
                <p className="min-w-0 break-words">
                  {s.speaker ? <span className="font-medium">{s.speaker}: </span> : null}
                  {s.text}
                </p>
              </li>
            ))}
          </ol>
        )}
        {meeting.transcriptionProvider ? <p className="text-xs text-muted-foreground">Transcript: {transcriptSource(meeting.transcriptionProvider)}</p> : null}
      </section>

      <AttachToEstimate orgId={orgId} meeting={meeting} />

      <DialogFooter className="flex-wrap gap-2 sm:justify-between">
        <div className="flex flex-wrap gap-2">
          <input
            ref={fileInput}
            type="file"
            accept=".vtt,.srt,.txt,text/vtt,text/plain,application/x-subrip"
            className="hidden"
            aria-label="Transcript file"
            onChange={(e) => {
              const file = e.target.files?.[0]
              if (file) upload.mutate(file)
              e.target.value = ''
            }}
          />
          <Button variant="outline" disabled={!!createBlocked || upload.isPending} title={createBlocked} onClick={() => fileInput.current?.click()}>
            <Upload aria-hidden="true" /> Import transcript
          </Button>
        </div>
        {confirmDelete ? (
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm">Delete this meeting and its recording?</span>
            <Button variant="outline" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
              Delete
            </Button>
          </div>
        ) : (
          <Button variant="ghost" className="text-destructive" disabled={!!deleteBlocked} title={deleteBlocked} onClick={() => setConfirmDelete(true)}>
            <Trash2 aria-hidden="true" /> Delete meeting
          </Button>
        )}
      </DialogFooter>
    </div>
  )
}

function StatusPanel({ meeting }: { meeting: MeetingDetail }) {
  if (meeting.status === 'completed' && !meeting.statusMessage) return null
  const tone = meeting.status === 'failed' ? 'text-destructive' : 'text-muted-foreground'
  return (
    <div className="space-y-2 rounded-md border p-3" role="status" data-testid="meeting-status">
      <div className="flex items-center gap-2">
        <Badge variant={meeting.status === 'failed' ? 'destructive' : 'secondary'}>{STATUS_LABEL[meeting.status]}</Badge>
        {meeting.statusMessage ? <p className={`min-w-0 break-words text-sm ${tone}`}>{meeting.statusMessage}</p> : null}
      </div>
      {meeting.status === 'transcribing' ? <Progress value={Math.round((meeting.progress ?? 0) * 100)} aria-label="Transcription progress" /> : null}
    </div>
  )
}

function AttachToEstimate({ orgId, meeting }: { orgId: string; meeting: MeetingDetail }) {
  const blocked = useBlockedReason('cost_estimator', 'edit', 'edit estimates')
  const [open, setOpen] = React.useState(false)
  const [search, setSearch] = React.useState('')
  const choices = useQuery({ queryKey: estimateChoicesKey(orgId, search), queryFn: () => listEstimateChoices(orgId, search), enabled: open })
  const attach = useMutation({
    mutationFn: (estimateId: string) => attachNotesToEstimate(orgId, estimateId, (existing) => appendNotes(existing, meetingNotesText(meeting))),
    onSuccess: (_v, estimateId) => {
      setOpen(false)
      const name = choices.data?.find((c) => c.id === estimateId)?.projectName ?? 'the estimate'
      toast({ variant: 'success', title: 'Meeting notes attached', description: `Added to ${name}'s meeting notes.` })
    },
    onError: (e) => failure('Failed to attach the notes', e),
  })
  const nothingToAttach = !meeting.summary && meeting.segments.length === 0
  return (
    <section aria-labelledby="attach-heading" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="attach-heading" className="font-semibold">
          Estimate notes
        </h3>
        <Button size="sm" variant="outline" disabled={!!blocked || nothingToAttach} title={blocked} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          <Paperclip aria-hidden="true" /> Attach to estimate
        </Button>
      </div>
      {open ? (
        <div className="space-y-2 rounded-md border p-3">
          <Input placeholder="Search estimates" aria-label="Search estimates" value={search} onChange={(e) => setSearch(e.target.value)} />
          {choices.isPending ? (
            <Skeleton className="h-16 w-full" />
          ) : choices.isError ? (
            <p className="text-sm text-destructive">Failed to load estimates</p>
          ) : choices.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No estimates found.</p>
          ) : (
            <ul className="max-h-48 space-y-1 overflow-y-auto" aria-label="Estimates">
              {choices.data.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className="flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-muted disabled:opacity-50"
                    disabled={attach.isPending}
                    onClick={() => attach.mutate(c.id)}
                  >
                    <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                    <span className="min-w-0 truncate">
                      {c.projectName} <span className="text-muted-foreground">· {c.clientName}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <p className="text-xs text-muted-foreground">
            The summary, action items and transcript are added to the estimate's meeting notes (contractor only), which AI generation reads.
          </p>
        </div>
      ) : null}
    </section>
  )
}
