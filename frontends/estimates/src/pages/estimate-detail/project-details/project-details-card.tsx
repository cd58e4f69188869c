import { formatNumber } from '@plumbline/contracts/format'
import { Button, Card } from '@plumbline/ui'
import { ClipboardList, NotebookPen } from 'lucide-react'
import * as React from 'react'
import { MEETING_NOTES_HINT, SPECIAL_FEATURES_HINT } from '../../../components/ai/ai-field-hints'
import { useDetail } from '../detail-context'
import { formatDate } from '../header/estimate-header'

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-3 py-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  )
}

/** Project Details; the meeting notes appear only in contractor mode (spec 001 §2/§6). */
export function ProjectDetailsCard() {
  const { estimate, clientView } = useDetail()
  const [notesOpen, setNotesOpen] = React.useState(false)
  const notes = estimate.meetingTranscript?.trim()
  const longNotes = (notes?.length ?? 0) > 400
  return (
    <Card>
      <div className="border-b px-5 py-4">
        <h2 className="flex items-center gap-2 text-base font-semibold tracking-tight">
          <ClipboardList className="size-[18px] text-primary" aria-hidden="true" />
          Project Details
        </h2>
      </div>
      <dl className="divide-y px-5 py-1">
        <Row label="Project type">{estimate.projectType?.name ?? '—'}</Row>
        <Row label="Client">{estimate.clientName}</Row>
        {clientView ? null : <Row label="Client email">{estimate.clientEmail || '—'}</Row>}
        <Row label="Property address">{estimate.propertyAddress}</Row>
        <Row label="Square footage">{estimate.squareFootage ? `${formatNumber(estimate.squareFootage)} sq ft` : '—'}</Row>
        {clientView ? null : (
          <Row label="Special features">
            {estimate.specialFeatures?.trim() ? <span className="whitespace-pre-wrap">{estimate.specialFeatures}</span> : '—'}
            <span className="mt-1 block text-xs text-muted-foreground">{SPECIAL_FEATURES_HINT}</span>
          </Row>
        )}
        <Row label="Created">{formatDate(estimate.createdAt)}</Row>
        <Row label="Last updated">{formatDate(estimate.updatedAt, true)}</Row>
      </dl>
      {clientView ? null : (
        <div className="border-t px-5 py-4" data-testid="meeting-notes">
          <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold">
            <NotebookPen className="size-4 text-muted-foreground" aria-hidden="true" />
            Meeting Notes
            <span className="text-xs font-normal text-muted-foreground">(only you can see these)</span>
          </h3>
          <p className="mb-2 text-xs text-muted-foreground">{MEETING_NOTES_HINT}</p>
          {notes ? (
            <>
              <p
                className={`whitespace-pre-wrap break-words rounded-md bg-muted/50 p-3 text-sm leading-relaxed ${longNotes && !notesOpen ? 'line-clamp-6' : ''}`}
              >
                {notes}
              </p>
              {longNotes ? (
                <Button variant="link" size="sm" className="h-auto px-0" onClick={() => setNotesOpen((v) => !v)}>
                  {notesOpen ? 'Show less' : 'Show all notes'}
                </Button>
              ) : null}
            </>
          ) : (
            <p className="text-sm text-muted-foreground">No meeting notes for this estimate.</p>
          )}
        </div>
      )}
    </Card>
  )
}
