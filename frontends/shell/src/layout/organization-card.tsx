import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '@plumbline/ui'
import { switchOrganization, useActiveOrganization, useAuth } from '@plumbline/web'
import { Check, ChevronsUpDown } from 'lucide-react'
import { useNavigate } from 'react-router'

function OrganizationFace({ name, switchable }: { name: string | null; switchable: boolean }) {
  return (
    <>
      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-amber/20 text-sm font-semibold text-amber-foreground dark:text-amber">
        {(name ?? 'N').charAt(0).toUpperCase()}
      </span>
      <div className="min-w-0 flex-1 text-left">
        <p className="truncate text-sm font-semibold text-sidebar-foreground" data-testid="org-name">
          {name || 'No Organization'}
        </p>
        <p className="truncate text-xs text-sidebar-muted">{switchable ? 'Switch organization' : 'Organization'}</p>
      </div>
      {switchable ? <ChevronsUpDown className="size-4 shrink-0 text-sidebar-muted" aria-hidden="true" /> : null}
    </>
  )
}

const CARD = 'flex w-full items-center gap-3 rounded-lg border border-sidebar-border bg-background/60 px-3 py-2.5'

/**
 * The sidebar's organisation card (spec 000 §5). A member of several organisations opens it to
 * switch; the dashboard then shows the chosen one, and every page follows.
 */
export function OrganizationCard({ onSwitched }: { onSwitched?: () => void }) {
  const { user } = useAuth()
  const org = useActiveOrganization()
  const navigate = useNavigate()
  const organizations = user?.organizations ?? []
  if (!user || organizations.length < 2) {
    return (
      <div className={CARD}>
        <OrganizationFace name={org?.name ?? null} switchable={false} />
      </div>
    )
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={`${CARD} hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring`}
        aria-label={`Organization: ${org?.name ?? ''}. Switch organization`}
      >
        <OrganizationFace name={org?.name ?? null} switchable />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-56">
        <DropdownMenuLabel>Your organizations</DropdownMenuLabel>
        {organizations.map((o) => (
          <DropdownMenuItem
            key={o.id}
            onSelect={() => {
              if (o.id === org?.id) return
              switchOrganization(user.id, o.id)
              onSwitched?.()
              navigate('/')
            }}
          >
            <span className="min-w-0 flex-1 truncate">{o.name}</span>
            {o.id === org?.id ? <Check className="size-4" aria-label="Active" /> : null}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
