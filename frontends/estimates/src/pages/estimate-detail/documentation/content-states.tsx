import type { ContentSectionType } from '@plumbline/contracts'
import { Button, RichText, Spinner, Textarea } from '@plumbline/ui'
import { Pencil, Sparkles } from 'lucide-react'
import * as React from 'react'

// The four bodies of a content card (spec 001 §2): generating, editing, populated and empty.

export function GeneratingBody() {
  return (
    <div className="flex items-center gap-3 py-6 text-sm text-muted-foreground" role="status">
      <Spinner className="size-5" label="Generating" />
      AI is generating content...
    </div>
  )
}

export function EditingBody({
  title,
  initial,
  saving,
  onCancel,
  onSave,
}: {
  title: string
  initial: string
  saving: boolean
  onCancel: () => void
  onSave: (draft: string) => void
}) {
  const [draft, setDraft] = React.useState(initial)
  return (
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
        <Button variant="outline" size="sm" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button size="sm" onClick={() => onSave(draft)} disabled={saving}>
          {saving ? <Spinner className="size-4 text-current" label="Saving" /> : null}
          Save
        </Button>
      </div>
    </div>
  )
}

/** The text as the client's page and the PDF show it; long text starts collapsed (spec 001 §9). */
export function PopulatedBody({ type, text }: { type: ContentSectionType; text: string }) {
  return <RichText text={text} collapsible className="text-sm leading-relaxed text-foreground/90" data-testid={`content-text-${type}`} />
}

export function EmptyBody({ title, readonly, onGenerate, onWrite }: { title: string; readonly: boolean; onGenerate: () => void; onWrite: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-muted/30 px-4 py-6 text-center">
      <p className="text-sm text-muted-foreground">
        {readonly ? 'No content yet.' : `No ${title.toLowerCase()} yet. Generate it with AI or write it yourself.`}
      </p>
      {readonly ? null : (
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="outline" size="sm" onClick={onGenerate}>
            <Sparkles />
            Generate with AI
          </Button>
          <Button variant="ghost" size="sm" onClick={onWrite}>
            <Pencil />
            Write manually
          </Button>
        </div>
      )}
    </div>
  )
}
