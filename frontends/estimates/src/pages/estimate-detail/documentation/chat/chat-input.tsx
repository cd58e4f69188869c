import { Button, Spinner, Textarea } from '@plumbline/ui'
import { SendHorizontal } from 'lucide-react'
import * as React from 'react'

/** Spec 001 §5: a chat message must be non-empty after trimming. */
export const canSend = (text: string) => text.trim().length > 0

/**
 * The 2-row message box (spec 001 §2): Enter sends, Shift+Enter inserts a newline. An empty
 * message is refused by both the key and the button. IME composition never sends.
 */
export function ChatInput({ label, sending, onSend }: { label: string; sending: boolean; onSend: (message: string) => Promise<boolean> | boolean }) {
  const [text, setText] = React.useState('')
  const submit = async () => {
    if (!canSend(text) || sending) return
    // The text stays when sending fails, so nothing typed is lost.
    if (await onSend(text.trim())) setText('')
  }
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <Textarea
        aria-label={label}
        rows={2}
        value={text}
        placeholder="Ask AI to revise this section… (Enter sends, Shift+Enter for a new line)"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault()
            void submit()
          }
        }}
        className="min-h-0 flex-1 resize-none text-sm"
      />
      <Button type="submit" size="icon" aria-label="Send message" disabled={!canSend(text) || sending}>
        {sending ? <Spinner className="size-4 text-current" label="Sending" /> : <SendHorizontal />}
      </Button>
    </form>
  )
}
