import { LoadedScreen, lazyScreen, NotFoundView, PageFallback } from '@plumbline/ui'
import { Route, Routes } from 'react-router'
import './index.css'

// The settings screen is its own chunk so the remote's entry stays small.
const settingsPage = lazyScreen(() => import('./pages/settings'), <PageFallback />)

/** The settings remote's routes (absolute paths; the shell mounts it under a '*' route). */
function RemoteRoutes() {
  return (
    <Routes>
      <Route path="/settings" element={<LoadedScreen screen={settingsPage} />} />
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
