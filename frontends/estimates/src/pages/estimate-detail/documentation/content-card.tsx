import type { AiProviderInfo, ContentSectionType } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { Button, Card, cn, toast } from '@plumbline/ui'
import { callApi } from '@plumbline/web'
import { useMutation } from '@tanstack/react-query'
import { FileText, MessageSquare, Pencil, Sparkles } from 'lucide-react'
import * as React from 'react'
import { writerName } from '../../../components/ai/ai-provider'
import { reportMutationError } from '../../../data/errors'
import { type ContentLink, useInvalidateEstimate } from '../../../data/queries'
import { ConfirmDialog, type ConfirmOptions } from '../common/confirm-dialog'
import { useDetail } from '../detail-context'
import { ChatPanel } from './chat/chat-panel'
import { CONTENT_SECTION_TITLES, contentChanged } from './content-rules'
import { EditingBody, EmptyBody, GeneratingBody, PopulatedBody } from './content-states'
import { useSectionGenerate } from './use-section-generate'
import { VisibilityControls } from './visibility-controls'

export type ContentCardState = 'empty' | 'generating' | 'populated' | 'editing'

/**
 * One documentation section (spec 001 §2): empty, generating, populated and editing; its own
 * Generate/Regenerate, the AI chat panel and the visibility switches. Readonly (client view or a
 * locked estimate) hides every one of those controls.
 */
export function ContentCard({
  type,
  content,
  link,
  generating = false,
  provider,
}: {
  type: ContentSectionType
  content: string | null
  link: ContentLink | undefined
  /** Generate All Content is running for this estimate. */
  generating?: boolean
  provider?: AiProviderInfo
}) {
  const { orgId, estimateId, readonly } = useDetail()
  const invalidate = useInvalidateEstimate(orgId, estimateId)
  const title = CONTENT_SECTION_TITLES[type]
  const text = content ?? ''
  const [editing, setEditing] = React.useState(false)
  const [chatOpen, setChatOpen] = React.useState(false)
  const [confirm, setConfirm] = React.useState<ConfirmOptions | null>(null)
  const generate = useSectionGenerate(orgId, estimateId, type, title, (w) => writerName(w, provider))

  const save = useMutation({
    mutationFn: ({ next }: { next: string; applied: boolean }) =>
      callApi(api.patchEstimatesContentById, { params: { orgId, id: estimateId, type }, body: { content: next } }),
    onSuccess: async (_data, { applied }) => {
      await invalidate.estimate()
      setEditing(false)
      toast({ title: applied ? 'Revision applied' : 'Content saved', description: `${title} was updated.` })
    },
    onError: (error) => reportMutationError(error, 'Failed to update content.', () => void invalidate.estimate()),
  })

  // Readonly (client view, locked) leaves no way into edit mode or the chat.
  React.useEffect(() => {
    if (readonly) {
      setEditing(false)
      setChatOpen(false)
    }
  }, [readonly])

  const saveDraft = (draft: string) => {
    // Spec 001 §4: saved only when the trimmed text differs.
    if (!contentChanged(draft, content)) return setEditing(false)
    save.mutate({ next: draft.trim(), applied: false })
  }
  const apply = (proposed: string) => {
    if (!contentChanged(proposed, content)) return
    save.mutate({ next: proposed.trim(), applied: true })
  }
  const regenerate = () =>
    setConfirm({
      title: `Regenerate ${title}?`,
      description: 'AI writes this section again and the new text replaces the current one.',
      confirmLabel: 'Regenerate',
      onConfirm: () => generate.mutateAsync().catch(() => undefined),
    })

  const state: ContentCardState = generating || generate.isPending ? 'generating' : editing ? 'editing' : text.trim() ? 'populated' : 'empty'
  const chatId = `chat-${type}`

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
        {readonly || state === 'editing' || state === 'generating' ? null : (
          <div className="flex shrink-0 items-center gap-1">
            {state === 'populated' ? (
              <>
                <Button variant="ghost" size="sm" onClick={regenerate} aria-label={`Regenerate ${title}`}>
                  <Sparkles />
                  <span className="hidden sm:inline">Regenerate</span>
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${title}`}>
                  <Pencil />
                  <span className="hidden sm:inline">Edit</span>
                </Button>
              </>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setChatOpen((v) => !v)}
              aria-expanded={chatOpen}
              aria-controls={chatOpen ? chatId : undefined}
              aria-label={`AI chat about ${title}`}
              className={cn(chatOpen && 'bg-primary/10 text-primary')}
            >
              <MessageSquare />
              <span className="hidden sm:inline">Chat</span>
            </Button>
          </div>
        )}
      </div>

      <div className="flex-1 px-5 py-4">
        {state === 'generating' ? (
          <GeneratingBody />
        ) : state === 'editing' ? (
          <EditingBody title={title} initial={text} saving={save.isPending} onCancel={() => setEditing(false)} onSave={saveDraft} />
        ) : state === 'populated' ? (
          <PopulatedBody type={type} text={text} />
        ) : (
          <EmptyBody title={title} readonly={readonly} onGenerate={() => generate.mutate()} onWrite={() => setEditing(true)} />
        )}
      </div>

      {!readonly && chatOpen && state !== 'editing' ? (
        <div id={chatId} className="border-t px-5 py-4">
          <ChatPanel type={type} title={title} content={text} provider={provider} onApply={apply} applying={save.isPending} />
        </div>
      ) : null}

      {readonly ? null : (
        <div className="border-t bg-muted/20 px-5 py-2.5">
          <VisibilityControls type={type} link={link} />
        </div>
      )}
      <ConfirmDialog options={confirm} onClose={() => setConfirm(null)} />
    </Card>
  )
}
