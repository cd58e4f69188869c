import { Sparkles } from 'lucide-react'
import { Badge, Button } from '@plumbline/ui'

/**
 * The AI Content Generation card: Auto/Manual badge from company settings (autoGenerateAI).
 * AI writing comes with its own release; until then the manual action is disabled and says so.
 */
export function AiContentCard({ auto, loading }: { auto: boolean; loading: boolean }) {
  return (
    <section aria-labelledby="ai-card-title" className="rounded-xl border bg-gradient-to-br from-primary/[0.06] to-transparent p-4 dark:from-primary/15">
      <div className="flex items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Sparkles className="size-4.5" />
          </span>
          <div>
            <h3 id="ai-card-title" className="text-sm font-semibold">
              AI Content Generation
            </h3>
            <p className="mt-0.5 text-xs text-muted-foreground">
              {auto
                ? 'Your organization has automatic AI content generation turned on.'
                : 'Your organization generates AI content manually, when you ask for it.'}
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
        <Button type="button" variant="outline" size="sm" disabled aria-describedby="ai-card-note">
          <Sparkles /> Generate AI Content
        </Button>
        <p id="ai-card-note" className="text-xs text-muted-foreground">
          AI writing arrives soon. You can create the estimate now and add its content later from the estimate page.
        </p>
      </div>
    </section>
  )
}
