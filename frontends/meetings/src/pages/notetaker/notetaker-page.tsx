import { type Meeting, MeetingMessages, type TranscriptionInfo } from '@plumbline/contracts'
import { Badge, Button, Card, CardContent, EmptyState, Input, PageBody, PageHeader, Progress, Skeleton, toast } from '@plumbline/ui'
import { parseApiError, useActiveOrganization, useAuth, useBlockedReason, useNewEstimateBlockedReason } from '@plumbline/web'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { AlertTriangle, CalendarPlus, Clock, Info, Mic, RotateCw, Search, Users, Video } from 'lucide-react'
import * as React from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { MeetingDetailDialog } from './meeting-detail-dialog'
import { anyInProgress, formatDuration, formatStartTime, STATUS_LABEL, summaryPreview } from './meeting-view'
import { createMeeting, meetingsKey, meetingsPrefix, transcriptionKey, uploadRecording } from './meetings-api'
import { type RecordedMeeting, RecordMeetingDialog } from './record-meeting-dialog'

const LIST_FAILED = 'Failed to load meetings'
const STATUS_CLASS: Record<Meeting['status'], string> = {
  recording: 'bg-muted text-muted-foreground',
  transcribing: 'bg-blue-100 text-blue-900',
  completed: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
  unavailable: 'bg-amber-100 text-amber-900',
  scheduled: 'bg-muted text-muted-foreground',
  upcoming: 'bg-muted text-muted-foreground',
}

const withoutFullStop = (text: string) => text.replace(/\.+$/, '')

/** The search box's text, settled for 300 ms before it becomes a query. */
function useSettled(value: string, ms = 300): string {
  const [settled, setSettled] = React.useState(value)
  React.useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(t)
  }, [value, ms])
  return settled
}

/** /notetaker (spec 001 §2 AI Notetaker): search, the four start cards, the meeting list, the recorder and a meeting's detail. */
export default function NotetakerPage() {
  React.useEffect(() => {
    document.title = 'AI Notetaker · Plumbline'
  }, [])
  const navigate = useNavigate()
  const org = useActiveOrganization()
  const { isLoading: authLoading } = useAuth()
  const [params, setParams] = useSearchParams()
  const recordBlocked = useBlockedReason('ai_notetaker', 'create', 'record meetings')
  const recording = params.get('record') === '1'
  const openRecorder = (open: boolean) =>
    setParams(
      (p) => {
        if (open) p.set('record', '1')
        else p.delete('record')
        return p
      },
      { replace: true },
    )

  return (
    <>
      <PageHeader
        title="AI Notetaker"
        description="Record, transcribe and summarize your meetings"
        onNewEstimate={() => navigate('/cost-estimator?new=1')}
        newEstimateBlockedReason={useNewEstimateBlockedReason()}
      />
      <PageBody className="min-w-0">
        {org ? (
          <Notetaker orgId={org.id} recording={recording && !recordBlocked} onRecordingChange={openRecorder} recordBlocked={recordBlocked} />
        ) : authLoading ? (
          <Skeleton className="h-64 w-full rounded-xl" />
        ) : (
          <Card role="alert">
            <EmptyState icon={<AlertTriangle />} title="Organization ID not available" description="Authentication required, refresh" />
          </Card>
        )}
      </PageBody>
    </>
  )
}

type NotetakerProps = { orgId: string; recording: boolean; onRecordingChange: (open: boolean) => void; recordBlocked: string | undefined }

function Notetaker({ orgId, recording, onRecordingChange, recordBlocked }: NotetakerProps) {
  const queryClient = useQueryClient()
  const [search, setSearch] = React.useState('')
  const settled = useSettled(search.trim())
  // /notetaker?meeting=<id> (a task's link) opens that meeting.
  const [params, setParams] = useSearchParams()
  const openId = params.get('meeting')
  const setOpenId = (id: string | null) =>
    setParams(
      (p) => {
        if (id) p.set('meeting', id)
        else p.delete('meeting')
        return p
      },
      { replace: true },
    )
  const meetings = useQuery<Meeting[]>({
    queryKey: meetingsKey(orgId, settled),
    refetchInterval: (q) => (anyInProgress(q.state.data ?? []) ? 2000 : false),
    placeholderData: (previous) => previous,
  })
  const recogniser = useQuery<TranscriptionInfo>({ queryKey: transcriptionKey(orgId), staleTime: 60_000 })

  const save = useMutation({
    mutationFn: async (m: RecordedMeeting) => {
      let id: string
      try {
        id = await createMeeting(orgId, { title: m.title, description: m.description })
      } catch (e) {
        throw new SaveError(parseApiError(e).message || MeetingMessages.saveFailed)
      }
      try {
        return { id, ...(await uploadRecording(orgId, id, m.audio)) }
      } catch {
        throw new SaveError(MeetingMessages.processingFailed, id)
      }
    },
    onSuccess: ({ id, status }) => {
      // One URL change: the recorder closes and the new meeting opens (two would each start from
      // the same old address, and the second would bring the recorder back).
      setParams(
        (p) => {
          p.delete('record')
          p.set('meeting', id)
          return p
        },
        { replace: true },
      )
      toast({
        variant: 'success',
        title: 'Meeting saved',
        description: status === 'transcribing' ? 'Transcribing your recording…' : 'The recording is kept; transcription is unavailable.',
      })
    },
    onError: (e) => {
      toast({ variant: 'destructive', title: 'Error', description: e instanceof SaveError ? e.message : MeetingMessages.saveFailed })
      // A meeting created before its upload failed is in the list: the user can import a transcript.
      if (e instanceof SaveError && e.meetingId) onRecordingChange(false)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: meetingsPrefix(orgId) }),
  })

  const comingSoon = (what: string) => toast({ title: `${what} is coming soon`, description: 'Record a meeting or import a transcript for now.' })
  const startCards = [
    {
      title: 'Start Meeting',
      text: 'Record an in-person or phone meeting now',
      icon: <Video />,
      onClick: () => onRecordingChange(true),
      blocked: recordBlocked,
    },
    { title: 'Start Recording', text: 'Capture audio from your microphone', icon: <Mic />, onClick: () => onRecordingChange(true), blocked: recordBlocked },
    {
      title: 'Schedule Meeting',
      text: 'Plan a meeting for later',
      icon: <CalendarPlus />,
      onClick: () => comingSoon('Scheduling meetings'),
      blocked: undefined,
    },
    {
      title: 'Join Meeting',
      text: 'Join a Zoom, Teams or Meet call',
      icon: <Users />,
      onClick: () => comingSoon('Joining online meetings'),
      blocked: undefined,
    },
  ]

  const list = meetings.data ?? []
  return (
    <div className="space-y-6">
      <section aria-label="Start" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {startCards.map((c) => (
          <button
            key={c.title}
            type="button"
            onClick={c.onClick}
            disabled={!!c.blocked}
            title={c.blocked}
            className="group rounded-xl border bg-card p-4 text-left shadow-sm transition-colors hover:border-primary hover:bg-muted/40 disabled:cursor-not-allowed disabled:opacity-60"
          >
            <span className="block text-primary [&_svg]:size-6" aria-hidden="true">
              {c.icon}
            </span>
            <span className="mt-2 block font-medium">{c.title}</span>
            <span className="mt-1 block text-xs text-muted-foreground">{c.text}</span>
          </button>
        ))}
      </section>

      {recogniser.data && !recogniser.data.available ? (
        <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="recogniser-note">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Transcription is unavailable: {withoutFullStop(recogniser.data.reason ?? 'no recogniser is configured')}. Recordings are kept and you can import a
            transcript.
            {recogniser.data.hint ? ` ${recogniser.data.hint}` : ''}
          </span>
        </p>
      ) : recogniser.data?.hint && recogniser.data.id === 'pocketsphinx' ? (
        <p className="flex items-start gap-2 text-xs text-muted-foreground" data-testid="recogniser-note">
          <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span>
            Transcripts come from the {recogniser.data.label}. {recogniser.data.hint}
          </span>
        </p>
      ) : null}

      <div className="relative max-w-md">
        <Search className="-translate-y-1/2 absolute top-1/2 left-3 size-4 text-muted-foreground" aria-hidden="true" />
        <Input className="pl-9" placeholder="Search meetings" aria-label="Search meetings" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>

      {meetings.isPending ? (
        <div className="space-y-3" role="status" aria-busy="true" aria-label="Loading meetings">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 w-full rounded-xl" />
          ))}
        </div>
      ) : meetings.isError ? (
        <Card role="alert">
          <EmptyState
            icon={<AlertTriangle />}
            title={LIST_FAILED}
            action={
              <Button variant="outline" onClick={() => meetings.refetch()}>
                <RotateCw /> Refresh
              </Button>
            }
          />
        </Card>
      ) : list.length === 0 ? (
        <Card>
          <EmptyState
            icon={<Mic />}
            title={settled ? 'No meetings match your search' : 'No meetings yet'}
            description={
              settled ? 'Try another word from the title, summary or transcript.' : 'Record your first meeting to get a transcript, a summary and action items.'
            }
            action={
              settled ? undefined : (
                <Button onClick={() => onRecordingChange(true)} disabled={!!recordBlocked} title={recordBlocked}>
                  <Mic /> Start Recording
                </Button>
              )
            }
          />
        </Card>
      ) : (
        <ul className="space-y-3" aria-label="Meetings">
          {list.map((m) => (
            <MeetingRow key={m.id} meeting={m} onOpen={() => setOpenId(m.id)} />
          ))}
        </ul>
      )}

      <RecordMeetingDialog
        open={recording}
        onOpenChange={onRecordingChange}
        saving={save.isPending}
        onSave={(m) => save.mutate(m)}
        recogniser={recogniser.data ? (recogniser.data.available ? recogniser.data.label : 'unavailable (the recording is kept)') : null}
      />
      <MeetingDetailDialog orgId={orgId} meetingId={openId} onClose={() => setOpenId(null)} />
    </div>
  )
}

class SaveError extends Error {
  constructor(
    message: string,
    readonly meetingId?: string,
  ) {
    super(message)
  }
}

function MeetingRow({ meeting, onOpen }: { meeting: Meeting; onOpen: () => void }) {
  const preview = summaryPreview(meeting.summary)
  return (
    <li>
      <Card className="transition-colors hover:border-primary">
        <button type="button" onClick={onOpen} className="block w-full text-left" aria-label={`Open ${meeting.title}`}>
          <CardContent className="space-y-2 p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="min-w-0 break-words font-medium">{meeting.title}</p>
              <Badge className={`border-transparent ${STATUS_CLASS[meeting.status]}`} data-testid="meeting-status-badge">
                {STATUS_LABEL[meeting.status]}
              </Badge>
            </div>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
              <span className="inline-flex items-center gap-1">
                <Clock className="size-3.5" aria-hidden="true" /> {formatDuration(meeting.duration)}
              </span>
              <span>{formatStartTime(meeting.startTime)}</span>
            </p>
            {meeting.status === 'transcribing' ? (
              <div className="space-y-1">
                <Progress value={Math.round((meeting.progress ?? 0) * 100)} aria-label={`Transcribing ${meeting.title}`} />
                {meeting.statusMessage ? <p className="text-xs text-muted-foreground">{meeting.statusMessage}</p> : null}
              </div>
            ) : meeting.status === 'failed' || meeting.status === 'unavailable' ? (
              <p className="text-xs text-muted-foreground">{meeting.statusMessage}</p>
            ) : null}
            {preview ? <p className="break-words text-sm text-muted-foreground">{preview}</p> : null}
          </CardContent>
        </button>
      </Card>
    </li>
  )
}
