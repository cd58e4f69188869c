import { NotFoundView, PageFallback } from '@plumbline/ui'
import * as React from 'react'
import { Route, Routes } from 'react-router'
import './index.css'

// Each screen is its own chunk so the remote's entry stays small.
const NotetakerPage = React.lazy(() => import('./pages/notetaker/notetaker-page'))
const TasksPage = React.lazy(() => import('./pages/tasks/tasks-page'))

function RemoteRoutes() {
  return (
    <Routes>
      <Route
        path="/notetaker"
        element={
          <React.Suspense fallback={<PageFallback />}>
            <NotetakerPage />
          </React.Suspense>
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
