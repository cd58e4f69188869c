import { NotFoundView, PageFallback, PlaceholderPage } from '@plumbline/ui'
import { Mic } from 'lucide-react'
import * as React from 'react'
import { Route, Routes, useNavigate } from 'react-router'
import './index.css'

// The tasks screen is its own chunk so the remote's entry stays small.
const TasksPage = React.lazy(() => import('./pages/tasks/tasks-page'))

function RemoteRoutes() {
  const navigate = useNavigate()
  const newEstimate = () => navigate('/cost-estimator?new=1')
  return (
    <Routes>
      <Route
        path="/notetaker"
        element={
          <PlaceholderPage
            onNewEstimate={newEstimate}
            title="AI Notetaker"
            description="Record, transcribe and summarize your meetings"
            icon={<Mic />}
            emptyTitle="Coming soon"
            emptyDescription="Record client meetings and get transcripts, summaries and action items automatically."
          />
        }
      />
      <Route
        path="/tasks"
        element={
          <React.Suspense fallback={<PageFallback />}>
            <TasksPage />
          </React.Suspense>
        }
      />
      <Route path="*" element={<NotFoundView />} />
    </Routes>
  )
}

/** The exposed ./App: this remote's routes inside its style scope root. */
export default function App() {
  return (
    <div data-plumbline-remote="meetings" className="flex min-h-0 flex-1 flex-col">
      <RemoteRoutes />
    </div>
  )
}
