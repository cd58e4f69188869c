import type { AiProviderInfo, ChatMessage, ContentSectionType } from '@plumbline/contracts'
import { Button, RichText, Skeleton, Spinner } from '@plumbline/ui'
import { Check, MessageSquare, RotateCw } from 'lucide-react'
import * as React from 'react'
import { writerName } from '../../../../components/ai/ai-provider'
import { useDetail } from '../../detail-context'
import { ChatInput } from './chat-input'
import { useSectionChat } from './use-section-chat'

function Message({
  message,
  provider,
  onApply,
  applying,
  applied,
}: {
  message: ChatMessage
  provider: AiProviderInfo | undefined
  onApply: (text: string) => void
  applying: boolean
  applied: boolean
}) {
  const proposal = message.proposedContent
  return (
    <li className="space-y-2" data-testid="chat-message">
      <div className="ml-8 rounded-lg rounded-br-sm bg-primary px-3 py-2 text-sm text-primary-foreground">
        <p className="whitespace-pre-wrap break-words">{message.userMessage}</p>
      </div>
      <div className="mr-4 space-y-2 rounded-lg rounded-bl-sm border bg-card px-3 py-2 text-sm">
        <p className="whitespace-pre-wrap break-words">{message.aiResponse}</p>
        {proposal ? (
          <div className="space-y-2 rounded-md border border-primary/20 bg-primary/5 p-2.5" data-testid="chat-proposal">
            <p className="text-xs font-medium text-primary">Proposed section text</p>
            <RichText text={proposal} className="line-clamp-6 space-y-1.5 text-[13px] text-foreground/90" data-testid="chat-proposal-text" />
            <Button size="sm" variant={applied ? 'outline' : 'default'} disabled={applying || applied} onClick={() => onApply(proposal)}>
              {applying ? <Spinner className="size-4 text-current" label="Applying" /> : <Check />}
              {applied ? 'Applied' : 'Apply'}
            </Button>
          </div>
        ) : null}
        <p className="text-[11px] text-muted-foreground">{writerName(message.writer, provider)}</p>
      </div>
    </li>
  )
}

/**
 * The AI chat of one section (spec 001 §2): the history (at most max-h-60, scrolling), a 2-row box.
 * A reply that carries proposedContent offers Apply, which saves it as the section in one click.
 */
export function ChatPanel({
  type,
  title,
  content,
  provider,
  onApply,
  applying,
}: {
  type: ContentSectionType
  title: string
  content: string
  provider: AiProviderInfo | undefined
  onApply: (text: string) => void
  applying: boolean
}) {
  const { orgId, estimateId } = useDetail()
  const { history, sendMessage, sending } = useSectionChat(orgId, estimateId, type, true)
  const listRef = React.useRef<HTMLOListElement>(null)
  const messages = history.data ?? []

  // Keep the newest message in view as messages and replies arrive.
  const newestId = messages.at(-1)?.id
  React.useEffect(() => {
    const el = listRef.current
    if (el && newestId) el.scrollTop = el.scrollHeight
  }, [newestId])

  return (
    <div className="space-y-3" data-testid={`chat-panel-${type}`}>
      <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
        <MessageSquare className="size-3.5" aria-hidden="true" />
        AI chat about {title}
      </p>
      {history.isLoading ? (
        <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading messages">
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="ml-auto h-10 w-2/3" />
        </div>
      ) : history.error ? (
        <div className="flex items-center gap-2 text-sm text-muted-foreground">
          Could not load the conversation.
          <Button variant="link" size="sm" className="h-auto px-0" onClick={() => void history.refetch()}>
            <RotateCw /> Retry
          </Button>
        </div>
      ) : messages.length === 0 ? (
        <p className="rounded-md bg-muted/40 px-3 py-2 text-sm text-muted-foreground">
          Ask for a change, such as "make it shorter" or "mention the permit timeline".
        </p>
      ) : (
        <ol ref={listRef} className="max-h-60 space-y-3 overflow-y-auto pr-1" aria-label={`${title} chat history`}>
          {messages.map((m) => (
            <Message
              key={m.id}
              message={m}
              provider={provider}
              onApply={onApply}
              applying={applying}
              applied={!!m.proposedContent && m.proposedContent.trim() === content.trim()}
            />
          ))}
        </ol>
      )}
      {sending ? (
        <p className="flex items-center gap-2 text-xs text-muted-foreground" role="status">
          <Spinner className="size-3.5" label="Waiting for the reply" /> AI is writing a reply...
        </p>
      ) : null}
      <ChatInput label={`Message about ${title}`} sending={sending} onSend={sendMessage} />
    </div>
  )
}
