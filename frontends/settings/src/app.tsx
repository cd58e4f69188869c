import { Route, Routes, useNavigate } from 'react-router'
import { Settings } from 'lucide-react'
import { NotFoundView, PlaceholderPage } from '@plumbline/ui'
import './index.css'

function RemoteRoutes() {
  const navigate = useNavigate()
  const newEstimate = () => navigate('/cost-estimator?new=1')
  return (
    <Routes>
      <Route
        path="/settings"
        element={
          <PlaceholderPage
            onNewEstimate={newEstimate}
            title="Settings"
            description="Manage your company profile, project types, roles and more"
            icon={<Settings />}
            emptyTitle="Coming soon"
            emptyDescription="Company profile, AI configuration, phase groups, project types, activity and roles will live here."
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
    <div data-plumbline-remote="settings" className="flex min-h-0 flex-1 flex-col">
      <RemoteRoutes />
    </div>
  )
}
