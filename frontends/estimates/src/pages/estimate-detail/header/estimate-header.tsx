import { Card, CompanyLogo } from '@plumbline/ui'
import { CalendarClock, MapPin, UserRound } from 'lucide-react'
import { useDetail } from '../detail-context'
import { StatusBadge } from './status-badge'

export function formatDate(iso: string | null | undefined, withTime = false): string {
  if (!iso) return '—'
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return '—'
  return d.toLocaleString('en-US', withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' })
}

/** Company logo, project name, client, address, updated date and status (spec 001 §2). */
export function EstimateHeader({ settingsLoading }: { settingsLoading: boolean }) {
  const { estimate, settings, orgId } = useDetail()
  return (
    <Card className="overflow-hidden">
      <div className="h-1 w-full bg-gradient-to-r from-primary via-primary/60 to-amber" />
      <div className="flex flex-col gap-5 p-5 sm:flex-row sm:items-start sm:p-6">
        <div className="shrink-0">
          <CompanyLogo orgId={orgId} settings={settings} companyName={settings?.companyName} isLoading={settingsLoading} />
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
            <h1 className="min-w-0 break-words text-2xl font-semibold tracking-tight sm:text-[28px]">{estimate.projectName}</h1>
            <StatusBadge status={estimate.status} className="mt-1.5" />
          </div>
          {settings?.companyName ? <p className="-mt-1 text-sm font-medium text-muted-foreground">{settings.companyName}</p> : null}
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:flex lg:flex-wrap">
            <div className="flex min-w-0 items-center gap-2">
              <UserRound className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <dt className="sr-only">Client</dt>
              <dd className="truncate">{estimate.clientName}</dd>
            </div>
            <div className="flex min-w-0 items-center gap-2">
              <MapPin className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <dt className="sr-only">Address</dt>
              <dd className="truncate" title={estimate.propertyAddress}>
                {estimate.propertyAddress}
              </dd>
            </div>
            <div className="flex min-w-0 items-center gap-2 text-muted-foreground">
              <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
              <dt className="sr-only">Updated</dt>
              <dd>Updated {formatDate(estimate.updatedAt)}</dd>
            </div>
          </dl>
        </div>
      </div>
    </Card>
  )
}
