import type { ZEstimateListResponse } from '@plumbline/contracts'
import { Button, cn, LoadedScreen, lazyScreen, PageBody, PageHeader } from '@plumbline/ui'
import { useActiveOrganization, useAuth, useNewEstimateBlockedReason } from '@plumbline/web'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { LayoutTemplate, Wand2 } from 'lucide-react'
import * as React from 'react'
import { Link } from 'react-router'
import type { z } from 'zod'
import { PickerAuthRequired } from '../../components/picker/picker-states'
import { useDocumentTitle } from '../../components/use-document-title'
import { useProjectTypes } from '../../data/queries'
import { EstimateCard } from './estimate-card'
import { FilterBadges } from './filter-badges'
import { FilterBar } from './filter-bar'
import { listQueryKey } from './list-query'
import { clearFilters, countActiveFilters } from './list-state'
import { ListError, ListSkeleton, NoEstimatesYet, NoMatches } from './list-states'
import { pageRange } from './page-window'
import { PaginationBar } from './pagination-bar'
import { useListState } from './use-list-state'

type ListResponse = z.infer<typeof ZEstimateListResponse>

// The create dialog (its form, zod and the contracts' schemas) loads when first opened, so the
// list arrives without it.
const estimateDialog = lazyScreen(async () => ({ default: (await import('../estimate-dialog')).EstimateDialog }), null)

/** /cost-estimator: the estimates list (spec 000 §2 'Estimates list'). */
export default function EstimatesListPage() {
  useDocumentTitle('Cost Estimator')
  const { isLoading: authLoading } = useAuth()
  const org = useActiveOrganization()
  const { state, update, params, setParams } = useListState()
  const [dialogOpen, setDialogOpen] = React.useState(false)
  // Once opened it stays mounted, so closing it keeps its closing animation.
  const [dialogOpened, setDialogOpened] = React.useState(false)
  if (dialogOpen && !dialogOpened) setDialogOpened(true)

  // The dashboard's New Estimate button lands here with ?new=1: open the dialog, drop the flag.
  React.useEffect(() => {
    if (params.get('new') === '1') {
      setDialogOpen(true)
      const next = new URLSearchParams(params)
      next.delete('new')
      setParams(next, { replace: true })
    }
  }, [params, setParams])

  const projectTypes = useProjectTypes(org?.id)
  const types = projectTypes.data ?? []
  const list = useQuery<ListResponse>({
    queryKey: listQueryKey(org?.id ?? '', state),
    enabled: !!org,
    // Keep the current page on screen while the next one loads (no skeleton flash on paging).
    placeholderData: keepPreviousData,
  })

  const data = list.data
  // While the next page loads the previous one stays on screen: its "Showing X-Y" must describe
  // the cards shown, not the page just asked for.
  const shownPage = React.useRef({ page: state.page, limit: state.limit })
  if (data && !list.isPlaceholderData) shownPage.current = { page: state.page, limit: state.limit }
  // A page past the end (an old link, or the last item was deleted): go to the last page.
  React.useEffect(() => {
    if (data && !list.isPlaceholderData && data.totalPages > 0 && state.page > data.totalPages) update({ page: data.totalPages }, { replace: true })
  }, [data, list.isPlaceholderData, state.page, update])

  const clearAll = React.useCallback(() => update(clearFilters(state)), [state, update])
  const filtered = countActiveFilters(state) > 0
  const openCreate = () => setDialogOpen(true)

  let body: React.ReactNode
  if (!authLoading && !org) body = <PickerAuthRequired />
  else if (list.isError && !data) body = <ListError onRetry={() => list.refetch()} retrying={list.isFetching} />
  else if (!data) body = <ListSkeleton />
  else if (data.total === 0 && !filtered) body = <NoEstimatesYet onCreate={openCreate} />
  else if (data.total === 0) body = <NoMatches onClear={clearAll} />
  else {
    const { from, to } = pageRange(shownPage.current.page, shownPage.current.limit, data.total)
    body = (
      <div className="space-y-4">
        <p className="text-sm text-muted-foreground" data-testid="showing-text">
          Showing {from}-{to} of {data.total} estimates
        </p>
        {list.isError ? <ListError onRetry={() => list.refetch()} retrying={list.isFetching} /> : null}
        <ul
          className={cn('grid grid-cols-1 gap-4 transition-opacity md:grid-cols-2 xl:grid-cols-3', list.isPlaceholderData && 'opacity-60')}
          aria-busy={list.isFetching || undefined}
          aria-label="Estimates"
        >
          {data.estimates.map((e) => (
            <li key={e.id}>
              <EstimateCard estimate={e} />
            </li>
          ))}
        </ul>
        <PaginationBar
          page={state.page}
          limit={state.limit}
          total={data.total}
          totalPages={data.totalPages}
          onPage={(page) => {
            update({ page })
            window.scrollTo({ top: 0, behavior: 'smooth' })
          }}
          onLimit={(limit) => update({ limit })}
        />
      </div>
    )
  }

  return (
    <>
      <PageHeader title="Cost Estimator" onNewEstimate={openCreate} newEstimateBlockedReason={useNewEstimateBlockedReason()} />
      <PageBody className="space-y-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 className="text-xl font-semibold tracking-tight">Estimates</h2>
            <p className="mt-1 text-sm text-muted-foreground">Manage your construction cost estimates</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" asChild>
              <Link to="/templates">
                <LayoutTemplate /> Templates
              </Link>
            </Button>
            <Button variant="outline" size="sm" asChild>
              <Link to="/estimate-wizard-step1">
                <Wand2 /> Use step-by-step wizard
              </Link>
            </Button>
          </div>
        </div>
        <FilterBar state={state} projectTypes={types} onChange={update} onClearAll={clearAll} />
        <FilterBadges state={state} projectTypes={types} onRemove={(patch) => update(patch)} onClearAll={clearAll} />
        {body}
      </PageBody>
      {dialogOpened ? <LoadedScreen screen={estimateDialog} open={dialogOpen} onOpenChange={setDialogOpen} /> : null}
    </>
  )
}
