import { MeetingMessages } from '@plumbline/contracts'
import { Button, cn, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Input, Label, Textarea } from '@plumbline/ui'
import { AlertTriangle, Circle, Mic, Pause, Play, Square } from 'lucide-react'
import * as React from 'react'
import { formatDuration, volumeTone } from './meeting-view'
import { useRecorder } from './use-recorder'

const TONE_CLASS = { low: 'bg-emerald-500', medium: 'bg-amber-500', high: 'bg-red-500' } as const

export type RecordedMeeting = { title: string; description: string; audio: Blob }

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  saving: boolean
  /** Spec 001 §5: called only with a title and a recording; the dialog shows the spec's messages otherwise. */
  onSave: (meeting: RecordedMeeting) => void
  /** The recogniser that will transcribe, named honestly (e.g. "Basic offline recogniser (pocketsphinx)"). */
  recogniser: string | null
}

/** The Record Meeting dialog (spec 001 §2/§4): record, pause, resume, stop, volume, timer, title, description, save. */
export function RecordMeetingDialog({ open, onOpenChange, saving, onSave, recogniser }: Props) {
  const rec = useRecorder()
  const [title, setTitle] = React.useState('')
  const [description, setDescription] = React.useState('')
  const [problem, setProblem] = React.useState<string | null>(null)
  const { reset } = rec

  React.useEffect(() => {
    if (!open) {
      reset()
      setTitle('')
      setDescription('')
      setProblem(null)
    }
  }, [open, reset])

  const save = () => {
    if (!title.trim()) return setProblem(MeetingMessages.titleRequired)
    if (!rec.audio) return setProblem(MeetingMessages.noRecording)
    setProblem(null)
    onSave({ title: title.trim(), description: description.trim(), audio: rec.audio })
  }

  // A new recording answers "No Recording": the message goes with it.
  React.useEffect(() => {
    if (rec.state === 'recording') setProblem(null)
  }, [rec.state])

  const tone = volumeTone(rec.volume)
  const shownProblem = rec.error ?? problem
  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Record Meeting</DialogTitle>
          <DialogDescription>
            Record the conversation; it is transcribed and summarised when you save.
            {recogniser ? <span className="mt-1 block text-xs">Transcription: {recogniser}</span> : null}
          </DialogDescription>
        </DialogHeader>

        <div className="space-y-4">
          <div className="rounded-lg border p-4">
            <div className="flex items-center justify-between gap-3">
              <span className="inline-flex items-center gap-2 text-sm font-medium" data-testid="recorder-state">
                {rec.state === 'recording' ? <Circle className="size-3 fill-red-500 text-red-500" aria-hidden="true" /> : null}
                {{ idle: 'Ready to record', recording: 'Recording', paused: 'Paused', stopped: 'Recording ready' }[rec.state]}
              </span>
              <span className="font-mono text-lg tabular-nums" data-testid="recorder-seconds" data-seconds={rec.seconds}>
                {formatDuration(rec.seconds)}
                <span className="sr-only"> recorded ({rec.seconds} seconds)</span>
              </span>
            </div>
            <meter className="sr-only" min={0} max={100} low={51} high={81} optimum={25} value={rec.volume} aria-label="Microphone volume" />
            <div className="mt-3 h-2 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
              <div
                className={cn('h-full transition-[width] duration-75', TONE_CLASS[tone])}
                style={{ width: `${rec.volume}%` }}
                data-testid="volume-bar"
                data-tone={tone}
              />
            </div>
            <div className="mt-4 flex flex-wrap gap-2">
              {rec.state === 'idle' || rec.state === 'stopped' ? (
                <Button type="button" onClick={() => void rec.start()} disabled={saving}>
                  <Mic aria-hidden="true" /> {rec.state === 'stopped' ? 'Record again' : 'Record'}
                </Button>
              ) : null}
              {rec.state === 'recording' ? (
                <Button type="button" variant="outline" onClick={rec.pause}>
                  <Pause aria-hidden="true" /> Pause
                </Button>
              ) : null}
              {rec.state === 'paused' ? (
                <Button type="button" variant="outline" onClick={rec.resume}>
                  <Play aria-hidden="true" /> Resume
                </Button>
              ) : null}
              {rec.state === 'recording' || rec.state === 'paused' ? (
                <Button type="button" variant="destructive" onClick={rec.stop}>
                  <Square aria-hidden="true" /> Stop
                </Button>
              ) : null}
            </div>
          </div>

          <div className="space-y-2">
            <Label htmlFor="meeting-title">Title</Label>
            <Input
              id="meeting-title"
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.target.value)}
              placeholder="e.g. Roof inspection with the Smiths"
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="meeting-description">Description (optional)</Label>
            <Textarea id="meeting-description" rows={2} value={description} maxLength={5000} onChange={(e) => setDescription(e.target.value)} />
          </div>

          {shownProblem ? (
            <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> {shownProblem}
            </p>
          ) : null}
        </div>

        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
            Cancel
          </Button>
          <Button type="button" onClick={save} disabled={saving || rec.state === 'recording' || rec.state === 'paused'}>
            {saving ? 'Saving…' : 'Save Meeting'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
