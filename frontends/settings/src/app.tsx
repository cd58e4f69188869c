import { Route, Routes } from 'react-router'
import { Settings } from 'lucide-react'
import { NotFoundView } from '@plumbline/ui'
import { PlaceholderPage } from './components/placeholder-page'
import './index.css'

export default function App() {
  return (
    <Routes>
      <Route
        path="/settings"
        element={
          <PlaceholderPage
            title="Settings"
            description="Manage your company profile, project types, roles and more"
            icon={<Settings />}
            emptyTitle="Settings are coming soon"
            emptyDescription="Company profile, AI configuration, phase groups, project types, activity and roles will live here."
          />
        }
      />
      <Route path="*" element={<NotFoundView />} />
    </Routes>
  )
}
