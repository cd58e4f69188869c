import { Button, Progress, Spinner } from '@plumbline/ui'
import { X } from 'lucide-react'
import type { GenerateAllProgress as Progressing } from './use-generate-all'

const PHASE_TEXT: Record<Progressing['phase'], string> = {
  starting: 'Starting AI content generation...',
  polling: 'AI is writing all five sections...',
  saving: 'Saving the generated sections...',
}

/**
 * What Generate All is doing while the job runs: the phase, the job's status and how many of the
 * 60 status checks are used (the bar fills as the 2-minute limit nears), with a Cancel button.
 */
export function GenerateAllProgressPanel({ progress, onCancel }: { progress: Progressing; onCancel: () => void }) {
  const status = progress.jobStatus ? ` (${progress.jobStatus})` : ''
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-primary/25 bg-primary/5 p-4 sm:flex-row sm:items-center"
      role="status"
      aria-live="polite"
      data-testid="generate-all-progress"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Spinner className="mt-0.5 size-5 shrink-0 text-primary" label="Generating" />
        <div className="min-w-0 flex-1 space-y-2">
          <p className="text-sm font-medium">
            {PHASE_TEXT[progress.phase]}
            <span className="font-normal text-muted-foreground">{status}</span>
          </p>
          <Progress
            value={progress.phase === 'saving' ? progress.maxAttempts : progress.attempt}
            max={progress.maxAttempts}
            aria-label="AI generation progress"
            className="h-1.5"
          />
          <p className="text-xs text-muted-foreground">
            {progress.attempt === 0 ? 'Waiting for the AI service.' : `Status check ${progress.attempt} of ${progress.maxAttempts}.`} You can keep working; the
            sections fill in when it is done.
          </p>
        </div>
      </div>
      <Button variant="outline" size="sm" onClick={onCancel} disabled={progress.phase === 'saving'} className="self-end sm:self-center">
        <X />
        Cancel
      </Button>
    </div>
  )
}
