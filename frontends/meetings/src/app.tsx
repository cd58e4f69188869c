import { LoadedScreen, lazyScreen, NotFoundView, PageFallback } from '@plumbline/ui'
import { Route, Routes } from 'react-router'
import './index.css'

// Each screen is its own chunk so the remote's entry stays small.
const notetakerPage = lazyScreen(() => import('./pages/notetaker/notetaker-page'), <PageFallback />)
const tasksPage = lazyScreen(() => import('./pages/tasks/tasks-page'), <PageFallback />)

function RemoteRoutes() {
  return (
    <Routes>
      <Route path="/notetaker" element={<LoadedScreen screen={notetakerPage} />} />
      <Route path="/tasks" element={<LoadedScreen screen={tasksPage} />} />
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
