import { Card } from '@plumbline/ui'
import { Building, Home, MapPin, Ruler, UserRound } from 'lucide-react'
import type { PublicEstimate } from '../data'
import { formatNumber } from '../lib/format'

function Fact({ icon, label, value }: { icon: React.ReactNode; label: string; value: React.ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-3">
      <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground [&_svg]:size-4">{icon}</span>
      <div className="min-w-0">
        <dt className="text-xs font-medium uppercase tracking-wider text-muted-foreground">{label}</dt>
        <dd className="mt-0.5 break-words text-sm font-medium">{value}</dd>
      </div>
    </div>
  )
}

/** Project overview: client, address, square footage and project type. */
export function Overview({ estimate }: { estimate: PublicEstimate }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="mb-4 flex items-center gap-2 text-base font-semibold">
        <Home className="size-[18px] text-primary" aria-hidden="true" />
        Project Overview
      </h2>
      <dl className="grid gap-5 sm:grid-cols-2">
        <Fact icon={<UserRound />} label="Client" value={estimate.clientName} />
        <Fact icon={<MapPin />} label="Property address" value={estimate.propertyAddress} />
        <Fact icon={<Ruler />} label="Square footage" value={estimate.squareFootage ? `${formatNumber(estimate.squareFootage)} sq ft` : 'Not provided'} />
        <Fact icon={<Building />} label="Project type" value={estimate.projectType ?? '—'} />
      </dl>
    </Card>
  )
}
