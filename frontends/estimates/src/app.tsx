import { LoadedScreen, lazyScreen, NotFoundView, PageFallback } from '@plumbline/ui'
import { activeOrganizationOf, currentUserQuery, queryClient, useActiveOrganization } from '@plumbline/web'
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import * as React from 'react'
import { Route, Routes, useLocation } from 'react-router'
import { isListPath, listQueryKeyOf } from './pages/estimates-list/list-query'
import './index.css'

// Each screen is its own chunk: the list stays small and the detail screen loads on demand.
const listPage = lazyScreen(() => import('./pages/estimates-list'), <PageFallback />)
const detailPage = lazyScreen(() => import('./pages/estimate-detail'), <PageFallback />)
const wizardPage = lazyScreen(() => import('./pages/wizard'), <PageFallback />)
const templatesPage = lazyScreen(() => import('./pages/templates'), <PageFallback />)

/** The screen a path shows (the routes below), for loading it before the first render. */
function screenOfPath(pathname: string) {
  if (isListPath(pathname)) return listPage
  if (pathname.startsWith('/estimates/')) return detailPage
  if (pathname.startsWith('/estimate-wizard-step')) return wizardPage
  if (pathname === '/templates') return templatesPage
  return undefined
}

// A cold load straight onto one of this remote's pages: the shell runs this module as soon as it
// arrives, before rendering it, so the screen's code (and on the list, its page of estimates)
// starts downloading then, not after the shell's and App's first renders.
void screenOfPath(window.location.pathname)
  ?.get()
  .catch(() => undefined) // LoadedScreen tries again and shows the failure
if (isListPath(window.location.pathname)) {
  void queryClient
    .ensureQueryData(currentUserQuery)
    .then((user) => prefetchList(queryClient, activeOrganizationOf(user)?.id, window.location.pathname, window.location.search))
    .catch(() => undefined) // the screen asks again and shows the failure
}

function prefetchList(client: QueryClient, orgId: string | undefined, pathname: string, search: string) {
  if (orgId && isListPath(pathname)) void client.prefetchQuery({ queryKey: listQueryKeyOf(orgId, search) })
}

/**
 * On the list's URL (arriving by a link too), ask for the page of estimates it shows while the
 * list screen's code still downloads, instead of after: the screen reads the same query.
 */
function usePrefetchList() {
  const { pathname, search } = useLocation()
  const orgId = useActiveOrganization()?.id
  const client = useQueryClient()
  React.useEffect(() => prefetchList(client, orgId, pathname, search), [client, orgId, pathname, search])
}

/** The estimates remote's routes (absolute paths; the shell mounts it under a '*' route). */
function RemoteRoutes() {
  usePrefetchList()
  return (
    <Routes>
      <Route path="/cost-estimator/*" element={<LoadedScreen screen={listPage} />} />
      <Route path="/estimates/:id" element={<LoadedScreen screen={detailPage} />} />
      <Route path="/estimates/:id/edit" element={<LoadedScreen screen={detailPage} startEditing />} />
      <Route path="/estimate-wizard-step1" element={<LoadedScreen screen={wizardPage} step={1} />} />
      <Route path="/estimate-wizard-step2" element={<LoadedScreen screen={wizardPage} step={2} />} />
      <Route path="/estimate-wizard-step3" element={<LoadedScreen screen={wizardPage} step={3} />} />
      <Route path="/templates" element={<LoadedScreen screen={templatesPage} />} />
      <Route path="*" element={<NotFoundView />} />
    </Routes>
  )
}

/** The exposed ./App: this remote's routes inside its style scope root. */
export default function App() {
  return (
    <div data-plumbline-remote="estimates" className="flex min-h-0 flex-1 flex-col">
      <RemoteRoutes />
    </div>
  )
}
