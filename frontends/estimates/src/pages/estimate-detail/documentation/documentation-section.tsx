import { CONTENT_SECTION_TYPES } from '@plumbline/contracts'
import { Button, Card, EmptyState, Spinner } from '@plumbline/ui'
import { BookOpen, Sparkles } from 'lucide-react'
import * as React from 'react'
import { useAiProvider, WriterLabel, writerName } from '../../../components/ai/ai-provider'
import { useContentLinks } from '../../../data/queries'
import { ConfirmDialog, type ConfirmOptions } from '../common/confirm-dialog'
import { useDetail } from '../detail-context'
import { ContentCard } from './content-card'
import { visibleToClient } from './content-rules'
import { GenerateAllProgressPanel } from './generate-all/generate-all-progress'
import { HIDDEN_UNTIL_REVIEWED, useGenerateAll } from './generate-all/use-generate-all'

/** Project Documentation: the five content sections, filtered for the client view (spec 001 §6). */
export function DocumentationSection() {
  const { orgId, estimateId, estimate, clientView, readonly } = useDetail()
  const links = useContentLinks(orgId, estimateId)
  const provider = useAiProvider(readonly ? null : orgId)
  const writerLabel = React.useCallback((w: string) => writerName(w, provider.data), [provider.data])
  const generateAll = useGenerateAll(orgId, estimateId, writerLabel, !!estimate.shareToken)
  const [confirm, setConfirm] = React.useState<ConfirmOptions | null>(null)
  const linkFor = (type: string) => links.data?.find((l) => l.role === type)
  // The client sees only shared sections that have something to read (as on the public page).
  const types = CONTENT_SECTION_TYPES.filter((t) => !clientView || (visibleToClient(t, linkFor(t)?.showToClient) && !!estimate.contentSections[t]?.trim()))
  const hasContent = CONTENT_SECTION_TYPES.some((t) => !!estimate.contentSections[t]?.trim())

  const onGenerateAll = () => {
    // Regenerating everything replaces text people may have edited: ask first.
    if (!hasContent) return void generateAll.start()
    setConfirm({
      title: 'Generate all content?',
      description: `AI writes all five sections again. The new text replaces what is there now.${estimate.shareToken ? ` ${HIDDEN_UNTIL_REVIEWED}` : ''}`,
      confirmLabel: 'Generate All',
      onConfirm: () => void generateAll.start(),
    })
  }

  return (
    <section aria-labelledby="documentation-heading" className="@container space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="documentation-heading" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            <BookOpen className="size-5 text-primary" aria-hidden="true" />
            Project Documentation
          </h2>
          <p className="mt-0.5 text-sm text-muted-foreground">
            {readonly ? 'Details about the work included in this estimate.' : 'Write each section or let AI draft it; choose where each one appears.'}
          </p>
          {readonly ? null : <WriterLabel label={provider.data?.label} className="mt-1" />}
        </div>
        {readonly ? null : (
          <Button variant="amber" size="sm" onClick={onGenerateAll} disabled={generateAll.running}>
            {generateAll.running ? <Spinner className="size-4 text-current" label="Generating" /> : <Sparkles />}
            Generate All Content
          </Button>
        )}
      </div>
      {generateAll.progress ? <GenerateAllProgressPanel progress={generateAll.progress} onCancel={generateAll.cancel} /> : null}
      {types.length === 0 ? (
        <Card>
          <EmptyState icon={<BookOpen />} title="No documentation to show" description="None of this estimate's sections are shared with the client yet." />
        </Card>
      ) : (
        <div className="grid grid-cols-1 gap-4 @2xl:grid-cols-2">
          {types.map((type) => (
            <div key={type} className={type === 'scope_of_work' ? 'min-w-0 @2xl:col-span-2' : 'min-w-0'}>
              <ContentCard
                type={type}
                content={estimate.contentSections[type] ?? null}
                link={linkFor(type)}
                generating={generateAll.running}
                provider={provider.data}
              />
            </div>
          ))}
        </div>
      )}
      <ConfirmDialog options={confirm} onClose={() => setConfirm(null)} />
    </section>
  )
}
