import { Button, Card, EmptyState } from '@plumbline/ui'
import { parseApiError, useActiveOrganization, useAuth } from '@plumbline/web'
import { AlertCircle, RotateCw } from 'lucide-react'
import * as React from 'react'
import { useNavigate, useParams } from 'react-router'
import { useCompanySettings, useEstimate, useInvalidateEstimate } from '../../data/queries'
import { EstimateDialog } from '../estimate-dialog'
import { ApprovalCard } from './approval/approval-card'
import { LockedBanner } from './approval/locked-banner'
import { PhaseBreakdownCard } from './budget/phase-breakdown-card'
import { CostByTypeCard } from './cost-by-type/cost-by-type-card'
import { CostRangeCard } from './cost-range/cost-range-card'
import { type DetailContextValue, DetailProvider } from './detail-context'
import { DetailSkeleton } from './detail-skeleton'
import { DocumentationSection } from './documentation/documentation-section'
import { DetailToolbar } from './header/detail-toolbar'
import { EstimateHeader } from './header/estimate-header'
import { LineItemsEditor } from './line-items/line-items-editor'
import { MarkupTaxPanel } from './markup-tax/markup-tax-panel'
import { ClientMessagesCard } from './messages/client-messages-card'
import { EstimateNotFound } from './not-found/estimate-not-found'
import { ProjectDetailsCard } from './project-details/project-details-card'
import { RevisionsCard } from './revisions/revisions-card'
import { SendDialog } from './send/send-dialog'
import { ShareDialog } from './share-dialog/share-dialog'
import { EstimateTasksCard } from './tasks/estimate-tasks-card'
import { TimelineCard } from './timeline/timeline-card'

/**
 * /estimates/:id and /estimates/:id/edit: the same estimate detail screen (spec 001 §2); the
 * /edit address opens the Edit Estimate dialog over it, and closing it returns to /estimates/:id.
 */
export function EstimateDetailPage({ startEditing = false }: { startEditing?: boolean }) {
  const { id = '' } = useParams()
  const { isLoading } = useAuth()
  const org = useActiveOrganization()
  if (isLoading) return <DetailSkeleton />
  // No organisation means no estimate can be reached: the same answer as a forbidden one.
  if (!org) return <EstimateNotFound />
  return <EstimateDetail key={id} orgId={org.id} estimateId={id} startEditing={startEditing} />
}

function EstimateDetail({ orgId, estimateId, startEditing }: { orgId: string; estimateId: string; startEditing: boolean }) {
  const estimate = useEstimate(orgId, estimateId)
  const settings = useCompanySettings(orgId)
  const invalidate = useInvalidateEstimate(orgId, estimateId)
  const [clientView, setClientView] = React.useState(false)
  const [shareOpen, setShareOpen] = React.useState(false)
  const [sendOpen, setSendOpen] = React.useState(false)
  const [editOpen, setEditOpen] = React.useState(startEditing)
  const navigate = useNavigate()
  const changeEditOpen = (open: boolean) => {
    setEditOpen(open)
    if (!open && startEditing) navigate(`/estimates/${estimateId}`, { replace: true })
  }

  React.useEffect(() => {
    if (estimate.data) document.title = `${estimate.data.projectName} · Plumbline`
  }, [estimate.data])

  if (estimate.isLoading) return <DetailSkeleton />
  if (estimate.error || !estimate.data) {
    const status = parseApiError(estimate.error).status
    // Spec 001 §2: missing or forbidden estimates share one not-found state (other tenants answer 404).
    if (status === 404 || status === 403 || status === 400) return <EstimateNotFound />
    return (
      <div className="flex min-h-[60vh] items-center justify-center px-4">
        <Card className="w-full max-w-md">
          <EmptyState
            icon={<AlertCircle />}
            title="Could not load this estimate"
            description="Something went wrong while loading the estimate. Please try again."
            action={
              <Button variant="outline" onClick={() => void estimate.refetch()} disabled={estimate.isFetching}>
                <RotateCw />
                Retry
              </Button>
            }
          />
        </Card>
      </div>
    )
  }

  const data = estimate.data
  const locked = !!data.lockedAt
  const ctx: DetailContextValue = {
    orgId,
    estimateId,
    estimate: data,
    settings: settings.data,
    clientView,
    locked,
    readonly: clientView || locked,
  }
  const showLineItems = settings.data?.enableLineItems === true
  const showMarkup = !clientView && settings.data?.enableMarkupProfiles === true
  // Markup is the contractor's business: the split by type is never shown in Client View.
  const showCostByType = !clientView && settings.data?.enableCostByType === true

  return (
    <DetailProvider value={ctx}>
      <div className="flex flex-col" data-testid="estimate-detail" data-mode={clientView ? 'client' : 'contractor'}>
        <DetailToolbar
          clientView={clientView}
          onClientViewChange={setClientView}
          onShare={() => setShareOpen(true)}
          onSend={() => setSendOpen(true)}
          onEdit={locked ? undefined : () => setEditOpen(true)}
          editDisabledReason={locked ? 'Reopen the estimate to edit it' : undefined}
        />
        <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          {clientView ? (
            <p className="rounded-lg border border-primary/20 bg-primary/5 px-4 py-2.5 text-sm text-primary" role="status">
              Client View: this is what your client sees. Editing is hidden.
            </p>
          ) : locked ? (
            <LockedBanner />
          ) : null}
          <EstimateHeader settingsLoading={settings.isLoading} />
          <CostRangeCard />
          <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_360px]">
            <div className="min-w-0 space-y-6">
              <DocumentationSection />
            </div>
            <aside className="min-w-0 space-y-6" aria-label="Project information">
              {clientView ? null : <ApprovalCard />}
              {clientView ? null : <ClientMessagesCard />}
              {clientView ? null : <TimelineCard />}
              {clientView ? null : <RevisionsCard />}
              <ProjectDetailsCard />
              <EstimateTasksCard />
            </aside>
          </div>
          {/* The editors need the full width for their tables. */}
          {showLineItems ? <LineItemsEditor /> : null}
          {showCostByType ? <CostByTypeCard /> : null}
          {showMarkup ? <MarkupTaxPanel /> : null}
          <PhaseBreakdownCard />
        </div>
      </div>
      {clientView ? null : <ShareDialog open={shareOpen} onOpenChange={setShareOpen} />}
      {clientView ? null : <SendDialog open={sendOpen} onOpenChange={setSendOpen} />}
      {/* Mounted only while open: the dialog loads project types and settings of its own. */}
      {editOpen && !clientView && !locked ? (
        <EstimateDialog
          open={editOpen}
          onOpenChange={changeEditOpen}
          estimate={data}
          onUpdated={() => {
            void invalidate.all()
          }}
        />
      ) : null}
    </DetailProvider>
  )
}
