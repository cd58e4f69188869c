import * as React from 'react'
import { Route, Routes } from 'react-router'
import { LayoutTemplate, Wand2 } from 'lucide-react'
import { NotFoundView, Progress } from '@plumbline/ui'
import { PlaceholderPage } from './components/placeholder-page'
import { PageFallback } from './components/page-fallback'
import './index.css'

// Each screen is its own chunk: the list stays small and the detail screen loads on demand.
const EstimatesListPage = React.lazy(() => import('./pages/estimates-list'))
const EstimateDetailPage = React.lazy(() => import('./pages/estimate-detail'))

function WizardStepPage({ step }: { step: 1 | 2 | 3 }) {
  const titles = { 1: 'Project Type', 2: 'Property Details', 3: 'Client Information' } as const
  return (
    <PlaceholderPage title="New Estimate Wizard" description={`Step ${step} of 3 · ${titles[step]}`} icon={<Wand2 />} emptyTitle="Coming soon" showNewEstimate={false}>
      <Progress value={[0, 33, 66, 100][step]} max={100} aria-label={`Step ${step} of 3`} />
    </PlaceholderPage>
  )
}

function TemplatesPage() {
  return <PlaceholderPage title="Templates" description="Reusable estimate templates for your organization" icon={<LayoutTemplate />} emptyTitle="Coming soon" />
}

/** The estimates remote's routes (absolute paths; the shell mounts it under a '*' route). */
function RemoteRoutes() {
  return (
    <React.Suspense fallback={<PageFallback />}>
      <Routes>
        <Route path="/cost-estimator/*" element={<EstimatesListPage />} />
        <Route path="/estimates/:id" element={<EstimateDetailPage />} />
        <Route path="/estimates/:id/edit" element={<EstimateDetailPage />} />
        <Route path="/estimate-wizard-step1" element={<WizardStepPage step={1} />} />
        <Route path="/estimate-wizard-step2" element={<WizardStepPage step={2} />} />
        <Route path="/estimate-wizard-step3" element={<WizardStepPage step={3} />} />
        <Route path="/templates" element={<TemplatesPage />} />
        <Route path="*" element={<NotFoundView />} />
      </Routes>
    </React.Suspense>
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
