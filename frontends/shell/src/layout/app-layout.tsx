import { BrandMark, Button } from '@plumbline/ui'
import { Menu } from 'lucide-react'
import * as React from 'react'
import { useLocation } from 'react-router'
import { SidebarContent } from './sidebar'

/** Signed-in layout: fixed sidebar on md+, slide-in drawer with backdrop below md. */
export function AppLayout({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation()
  // The drawer stays open only on the page it was opened on: navigating closes it.
  const [openOn, setOpenOn] = React.useState<string | null>(null)
  const open = openOn === pathname
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null)

  React.useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpenOn(null)
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open])

  return (
    <div className="flex min-h-screen bg-background">
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-sidebar-border bg-sidebar md:block" aria-label="Sidebar">
        <SidebarContent />
      </aside>

      {open ? (
        <div className="md:hidden">
          <div
            data-testid="sidebar-backdrop"
            aria-hidden="true"
            className="fixed inset-0 z-40 bg-black/50 backdrop-blur-[1px] animate-fade-in"
            onClick={() => setOpen(false)}
          />
          <aside
            role="dialog"
            aria-modal="true"
            aria-label="Navigation menu"
            className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] border-r border-sidebar-border bg-sidebar shadow-xl"
            style={{ animation: 'slide-in-left 200ms ease-out' }}
          >
            <SidebarContent onNavigate={() => setOpen(false)} onClose={() => setOpen(false)} />
          </aside>
        </div>
      ) : null}

      <div className="flex min-w-0 flex-1 flex-col md:pl-64">
        <div className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b bg-card/90 px-4 backdrop-blur md:hidden">
          <Button variant="ghost" size="icon" onClick={() => setOpen(true)} aria-label="Open menu" aria-expanded={open}>
            <Menu className="size-5" />
          </Button>
          <BrandMark />
        </div>
        <main className="flex min-w-0 flex-1 flex-col">{children}</main>
      </div>
    </div>
  )
}
