import { BookOpen, Sparkles } from 'lucide-react'
import { CONTENT_SECTION_TYPES } from '@plumbline/contracts'
import { Button, Card, EmptyState } from '@plumbline/ui'
import { useDetail } from '../detail-context'
import { useContentLinks } from '../data/queries'
import { AI_COMING_SOON, DisabledWithTooltip } from '../common/coming-soon'
import { ContentCard } from './content-card'
import { visibleToClient } from './content-rules'

/** Project Documentation: the five content sections, filtered for the client view (spec 001 §6). */
export function DocumentationSection() {
  const { orgId, estimateId, estimate, clientView, readonly } = useDetail()
  const links = useContentLinks(orgId, estimateId)
  const linkFor = (type: string) => links.data?.find((l) => l.role === type)
  // The client sees only shared sections that have something to read (as on the public page).
  const types = CONTENT_SECTION_TYPES.filter((t) => !clientView || (visibleToClient(t, linkFor(t)?.showToClient) && !!estimate.contentSections[t]?.trim()))

  return (
    <section aria-labelledby="documentation-heading" className="@container space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="documentation-heading" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            <BookOpen className="size-5 text-primary" aria-hidden="true" />
            Project Documentation
          </h2>
          <p className="mt-0.5 text-sm text-muted-foreground">
            {readonly ? 'Details about the work included in this estimate.' : 'Write each section or let AI draft it; choose where each one appears.'}
          </p>
        </div>
        {clientView ? null : (
          <DisabledWithTooltip tooltip={AI_COMING_SOON}>
            <Button variant="amber" size="sm" disabled>
              <Sparkles />
              Generate All Content
            </Button>
          </DisabledWithTooltip>
        )}
      </div>
      {types.length === 0 ? (
        <Card>
          <EmptyState icon={<BookOpen />} title="No documentation to show" description="None of this estimate's sections are shared with the client yet." />
        </Card>
      ) : (
        <div className="grid gap-4 @2xl:grid-cols-2">
          {types.map((type) => (
            <div key={type} className={type === 'scope_of_work' ? '@2xl:col-span-2' : undefined}>
              <ContentCard type={type} content={estimate.contentSections[type] ?? null} link={linkFor(type)} />
            </div>
          ))}
        </div>
      )}
    </section>
  )
}
