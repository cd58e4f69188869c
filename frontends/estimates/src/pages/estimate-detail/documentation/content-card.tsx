import * as React from 'react'
import { ChevronDown, ChevronUp, FileText, Pencil, Sparkles } from 'lucide-react'
import { useMutation } from '@tanstack/react-query'
import type { ContentSectionType } from '@plumbline/contracts'
import { Button, Card, Spinner, Textarea, toast } from '@plumbline/ui'
import { useDetail } from '../detail-context'
import { estimatePath } from '../data/keys'
import { send } from '../data/send'
import { reportMutationError } from '../data/errors'
import { useInvalidateEstimate, type ContentLink } from '../data/queries'
import { AI_COMING_SOON, DisabledWithTooltip } from '../common/coming-soon'
import { CONTENT_SECTION_TITLES, contentChanged, contentPreview, shouldCollapse } from './content-rules'
import { VisibilityControls } from './visibility-controls'

/**
 * One documentation section. States (spec 001 §2): empty, generating, populated and editing.
 * Long content starts collapsed with a 150-character preview; editing always shows it all.
 */
export function ContentCard({ type, content, link, generating = false }: { type: ContentSectionType; content: string | null; link: ContentLink | undefined; generating?: boolean }) {
  const { orgId, estimateId, readonly } = useDetail()
  const invalidate = useInvalidateEstimate(orgId, estimateId)
  const title = CONTENT_SECTION_TITLES[type]
  const text = content ?? ''
  const collapsible = shouldCollapse(text)
  const [expanded, setExpanded] = React.useState(false)
  const [editing, setEditing] = React.useState(false)
  const [draft, setDraft] = React.useState('')

  const save = useMutation({
    mutationFn: (next: string) => send('PATCH', `${estimatePath(orgId, estimateId)}/content/${type}`, { content: next }),
    onSuccess: async () => {
      await invalidate.estimate()
      setEditing(false)
      toast({ title: 'Content saved', description: `${title} was updated.` })
    },
    onError: (error) => reportMutationError(error, 'Failed to update content.', () => void invalidate.estimate()),
  })

  // Readonly (client view, locked) leaves no way into edit mode.
  React.useEffect(() => {
    if (readonly) setEditing(false)
  }, [readonly])

  const startEditing = () => {
    setDraft(text)
    setExpanded(true)
    setEditing(true)
  }
  const submit = () => {
    if (!contentChanged(draft, content)) {
      setEditing(false)
      return
    }
    save.mutate(draft.trim())
  }

  const state = generating ? 'generating' : editing ? 'editing' : text.trim() ? 'populated' : 'empty'

  return (
    <Card className="flex h-full flex-col" data-testid={`content-card-${type}`} data-state={state} aria-labelledby={`content-title-${type}`}>
      <div className="flex items-center justify-between gap-3 border-b px-5 py-3.5">
        <div className="flex min-w-0 items-center gap-2.5">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
            <FileText className="size-4" aria-hidden="true" />
          </span>
          <h3 id={`content-title-${type}`} className="truncate text-[15px] font-semibold tracking-tight">
            {title}
          </h3>
        </div>
        {!readonly && state === 'populated' ? (
          <div className="flex shrink-0 items-center gap-1">
            <DisabledWithTooltip tooltip={AI_COMING_SOON}>
              <Button variant="ghost" size="sm" disabled>
                <Sparkles />
                <span className="hidden sm:inline">Regenerate</span>
              </Button>
            </DisabledWithTooltip>
            <Button variant="ghost" size="sm" onClick={startEditing} aria-label={`Edit ${title}`}>
              <Pencil />
              <span className="hidden sm:inline">Edit</span>
            </Button>
          </div>
        ) : null}
      </div>

      <div className="flex-1 px-5 py-4">
        {state === 'generating' ? (
          <div className="flex items-center gap-3 py-6 text-sm text-muted-foreground">
            <Spinner className="size-5" label="Generating" />
            AI is generating content...
          </div>
        ) : state === 'editing' ? (
          <div className="space-y-3">
            <Textarea
              aria-label={`${title} content`}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              rows={10}
              autoFocus
              className="min-h-48 font-[inherit] leading-relaxed"
            />
            <div className="flex justify-end gap-2">
              <Button variant="outline" size="sm" onClick={() => setEditing(false)} disabled={save.isPending}>
                Cancel
              </Button>
              <Button size="sm" onClick={submit} disabled={save.isPending}>
                {save.isPending ? <Spinner className="size-4 text-current" label="Saving" /> : null}
                Save
              </Button>
            </div>
          </div>
        ) : state === 'populated' ? (
          <div>
            <p className="whitespace-pre-wrap break-words text-sm leading-relaxed text-foreground/90" data-testid={`content-text-${type}`}>
              {collapsible && !expanded ? contentPreview(text) : text}
            </p>
            {collapsible ? (
              <Button variant="link" size="sm" className="mt-1 h-auto px-0" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded}>
                {expanded ? <ChevronUp /> : <ChevronDown />}
                {expanded ? 'Show less' : 'Show more'}
              </Button>
            ) : null}
          </div>
        ) : (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-muted/30 px-4 py-6 text-center">
            <p className="text-sm text-muted-foreground">{readonly ? 'No content yet.' : `No ${title.toLowerCase()} yet. Generate it with AI or write it yourself.`}</p>
            {readonly ? null : (
              <div className="flex flex-wrap justify-center gap-2">
                <DisabledWithTooltip tooltip={AI_COMING_SOON}>
                  <Button variant="outline" size="sm" disabled>
                    <Sparkles />
                    Generate with AI
                  </Button>
                </DisabledWithTooltip>
                <Button variant="ghost" size="sm" onClick={startEditing}>
                  <Pencil />
                  Write manually
                </Button>
              </div>
            )}
          </div>
        )}
      </div>

      {readonly ? null : (
        <div className="border-t bg-muted/20 px-5 py-2.5">
          <VisibilityControls type={type} link={link} />
        </div>
      )}
    </Card>
  )
}
