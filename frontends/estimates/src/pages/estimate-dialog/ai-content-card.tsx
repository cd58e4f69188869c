import { Badge, Button, cn, RichText, Spinner } from '@plumbline/ui'
import { Sparkles, X } from 'lucide-react'
import { WriterLabel } from '../../components/ai/ai-provider'

export type GeneratedContent = { content: string; writerLabel: string | null }

/**
 * The AI Content Generation card (spec 000 §2, §5): Auto/Manual badge from company settings
 * (autoGenerateAI), and the manual Generate AI Content action. The action looks disabled until a
 * project type and total cost are set, but stays clickable so it can say what is missing (the
 * 'Missing Information' toast); while generating it is truly disabled.
 */
export function AiContentCard({
  auto,
  loading,
  ready,
  generating,
  generated,
  onGenerate,
  onClear,
}: {
  auto: boolean
  loading: boolean
  /** A project type and a total cost are set. */
  ready: boolean
  generating: boolean
  generated: GeneratedContent | null
  onGenerate: () => void
  onClear: () => void
}) {
  return (
    <section
      aria-labelledby="ai-card-title"
      className="rounded-xl border bg-gradient-to-br from-primary/[0.06] to-transparent p-4 dark:from-primary/15"
      data-testid="ai-content-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Sparkles className="size-4.5" />
          </span>
          <div className="min-w-0">
            <h3 id="ai-card-title" className="text-sm font-semibold">
              AI Content Generation
            </h3>
            <p className="mt-0.5 text-xs text-muted-foreground">
              {auto
                ? 'AI writes the five documentation sections right after the estimate is created.'
                : 'Automatic generation is off. Generate content here, or later from the estimate page.'}
            </p>
          </div>
        </div>
        {loading ? null : (
          <Badge variant={auto ? 'success' : 'secondary'} data-testid="ai-mode-badge">
            {auto ? 'Auto' : 'Manual'}
          </Badge>
        )}
      </div>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={onGenerate}
          disabled={generating}
          aria-disabled={!ready || undefined}
          aria-describedby="ai-card-note"
          className={cn('shrink-0', !ready && 'cursor-not-allowed opacity-50')}
        >
          {generating ? <Spinner className="size-4 text-current" label="Generating" /> : <Sparkles />}
          {generating ? 'Generating...' : 'Generate AI Content'}
        </Button>
        <p id="ai-card-note" className="text-xs text-muted-foreground">
          {ready ? 'Drafts a summary from the details above; it is saved with the estimate.' : 'Select a project type and enter the total cost first.'}
        </p>
      </div>
      {generated ? (
        <div className="mt-3 space-y-2 rounded-lg border bg-card p-3" data-testid="ai-generated-content">
          <div className="flex items-center justify-between gap-2">
            <WriterLabel label={generated.writerLabel ?? 'AI'} />
            <Button type="button" variant="ghost" size="icon-sm" onClick={onClear} aria-label="Discard generated content">
              <X />
            </Button>
          </div>
          <RichText text={generated.content} className="max-h-40 overflow-y-auto text-[13px] leading-relaxed text-foreground/90" />
        </div>
      ) : null}
    </section>
  )
}
