import { Card, RichText } from '@plumbline/ui'
import { FileText } from 'lucide-react'
import type { PublicEstimate } from '../data'

/** One section, drawn as the contractor's detail page and the PDF draw it; long text starts collapsed (spec 001 §9). */
function ContentSection({ title, content }: { title: string; content: string }) {
  return (
    <Card className="p-5 sm:p-6" data-testid="public-content-section">
      <h3 className="mb-2 flex items-center gap-2 text-base font-semibold">
        <FileText className="size-[18px] text-primary" aria-hidden="true" />
        {title}
      </h3>
      <RichText text={content} collapsible className="text-[15px] leading-relaxed text-foreground/90" data-testid="public-content-text" />
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
