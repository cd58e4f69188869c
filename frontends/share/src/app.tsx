import * as React from 'react'
import { Route, Routes, useParams } from 'react-router'
import { FileText } from 'lucide-react'
import { BrandMark, Card, EmptyState, NotFoundView } from '@plumbline/ui'
import './index.css'

/** Public page for clients: no sidebar, no sign-in. */
function SharedEstimatePage() {
  const { token } = useParams()
  React.useEffect(() => {
    document.title = 'Construction Estimate · Plumbline'
  }, [])
  return (
    <div className="min-h-screen bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-16 max-w-4xl items-center justify-between px-4 sm:px-6">
          <BrandMark />
          <span className="text-xs font-medium uppercase tracking-wider text-muted-foreground">Client view</span>
        </div>
      </header>
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-10 sm:px-6">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Construction Estimate</h1>
          <p className="mt-1 text-sm text-muted-foreground">A read-only estimate shared with you by your contractor.</p>
        </div>
        <Card className="overflow-hidden">
          <div className="h-1 w-full bg-gradient-to-r from-primary via-primary/60 to-amber" />
          <EmptyState
            icon={<FileText />}
            title="Coming soon"
            description="Your contractor's estimate will be displayed here. Please check back shortly."
          />
        </Card>
        <p className="text-center text-xs text-muted-foreground" data-token={token}>
          This estimate is provided for informational purposes. Final pricing may vary after an on-site inspection.
        </p>
      </main>
    </div>
  )
}

function RemoteRoutes() {
  return (
    <Routes>
      <Route path="/share/:token" element={<SharedEstimatePage />} />
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
