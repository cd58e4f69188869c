import { NotFoundView } from '@plumbline/ui'
import { Route, Routes } from 'react-router'
import { SharedEstimatePage } from './pages/shared-estimate'
import { StopRemindersPage } from './pages/stop-reminders/stop-reminders-page'
import { UnsubscribePage } from './pages/unsubscribe/unsubscribe-page'
import './index.css'

function RemoteRoutes() {
  return (
    <Routes>
      <Route path="/share/unsubscribe/:token" element={<UnsubscribePage />} />
      <Route path="/share/:token" element={<SharedEstimatePage />} />
      <Route path="/share/:token/unsubscribe" element={<StopRemindersPage />} />
      <Route path="*" element={<NotFoundView />} />
    </Routes>
  )
}

/** The exposed ./App: this remote's routes inside its style scope root. */
export default function App() {
  return (
    <div data-plumbline-remote="share" className="flex min-h-0 flex-1 flex-col">
      <RemoteRoutes />
    </div>
  )
}
