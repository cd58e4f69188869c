import { NotFoundView, PlaceholderPage } from '@plumbline/ui'
import { ListChecks, Mic } from 'lucide-react'
import { Route, Routes, useNavigate } from 'react-router'
import './index.css'

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
          <PlaceholderPage
            onNewEstimate={newEstimate}
            title="Tasks"
            description="Keep track of follow-ups and action items"
            icon={<ListChecks />}
            emptyTitle="Coming soon"
            emptyDescription="Create tasks, set due dates and priorities, and check them off as you go."
          />
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
