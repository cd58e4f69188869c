import { Button, Card } from '@plumbline/ui'
import { ChevronDown, ChevronUp, FileText } from 'lucide-react'
import * as React from 'react'
import type { PublicEstimate } from '../data'
import { preview, shouldCollapse } from '../lib/format'

function ContentSection({ title, content }: { title: string; content: string }) {
  const collapsible = shouldCollapse(content)
  const [open, setOpen] = React.useState(false)
  return (
    <Card className="p-5 sm:p-6" data-testid="public-content-section">
      <h3 className="mb-2 flex items-center gap-2 text-base font-semibold">
        <FileText className="size-[18px] text-primary" aria-hidden="true" />
        {title}
      </h3>
      <p className="whitespace-pre-wrap break-words text-[15px] leading-relaxed text-foreground/90">{collapsible && !open ? preview(content) : content}</p>
      {collapsible ? (
        <Button variant="link" size="sm" className="mt-1 h-auto px-0" onClick={() => setOpen((v) => !v)} aria-expanded={open}>
          {open ? <ChevronUp /> : <ChevronDown />}
          {open ? 'Show less' : 'Read more'}
        </Button>
      ) : null}
    </Card>
  )
}

/** The documentation the contractor chose to show (the server already left out hidden ones and qa_notes). */
export function ContentSections({ sections }: { sections: PublicEstimate['contentSections'] }) {
  if (sections.length === 0) return null
  return (
    <section aria-label="Project documentation" className="space-y-4">
      {sections.map((s) => (
        <ContentSection key={s.type} title={s.title} content={s.content} />
      ))}
    </section>
  )
}
