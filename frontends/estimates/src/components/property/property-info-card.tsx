import type { PropertyData } from '@plumbline/contracts'
import { cn } from '@plumbline/ui'
import { BadgeCheck, Bath, BedDouble, Building, CalendarClock, Flame, Info, MapPin, Ruler } from 'lucide-react'
import { formatNumber } from '../format/format'

/** Risk colour by level; unknown levels stay neutral (the provider never guesses). */
export function fireRiskTone(level: string | null | undefined): 'low' | 'moderate' | 'high' | 'unknown' {
  const l = (level ?? '').toLowerCase()
  if (!l) return 'unknown'
  if (/(very high|extreme|severe|high)/.test(l)) return 'high'
  if (/(moderate|medium)/.test(l)) return 'moderate'
  if (/(low|minimal)/.test(l)) return 'low'
  return 'unknown'
}

const TONE: Record<ReturnType<typeof fireRiskTone>, string> = {
  low: 'border-emerald-200 bg-emerald-50/70 dark:border-emerald-500/30 dark:bg-emerald-500/10',
  moderate: 'border-amber-200 bg-amber-50/70 dark:border-amber-500/30 dark:bg-amber-500/10',
  high: 'border-red-200 bg-red-50/70 dark:border-red-500/30 dark:bg-red-500/10',
  unknown: 'border-border bg-muted/40',
}
const TONE_TEXT: Record<ReturnType<typeof fireRiskTone>, string> = {
  low: 'text-emerald-700 dark:text-emerald-300',
  moderate: 'text-amber-700 dark:text-amber-300',
  high: 'text-red-700 dark:text-red-300',
  unknown: 'text-muted-foreground',
}

function Fact({ icon: Icon, label, value }: { icon: React.ComponentType<{ className?: string }>; label: string; value: string }) {
  const unknown = value === '—'
  return (
    <div className="flex items-start gap-2.5 rounded-lg border bg-card px-3 py-2.5">
      <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <div className="min-w-0">
        <dt className="text-xs text-muted-foreground">{label}</dt>
        <dd className={cn('truncate text-sm font-medium', unknown && 'text-muted-foreground')}>{unknown ? <span title="Not available">—</span> : value}</dd>
      </div>
    </div>
  )
}

/** Property facts and the Fire Hazard Assessment (spec 000 §2). Unknown facts show '—' / 'Not available'. */
export function PropertyInfoCard({ data, className }: { data: PropertyData; className?: string }) {
  const p = data.property
  const f = data.fireHazard
  const tone = fireRiskTone(f.riskLevel)
  const validated = data.source?.addressValidated ?? false
  const facts = [
    { icon: BedDouble, label: 'Bedrooms', value: formatNumber(p.bedrooms) },
    { icon: Bath, label: 'Bathrooms', value: formatNumber(p.bathrooms) },
    { icon: Ruler, label: 'Square footage', value: p.squareFootage != null ? `${formatNumber(p.squareFootage)} sq ft` : '—' },
    { icon: CalendarClock, label: 'Year built', value: p.yearBuilt != null ? String(p.yearBuilt) : '—' },
    { icon: Building, label: 'Property type', value: p.propertyType || '—' },
  ]
  return (
    <section aria-label="Property information" className={cn('space-y-3 rounded-xl border bg-muted/30 p-4', className)}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 className="text-sm font-semibold">Property Information</h4>
          <p className="mt-0.5 flex items-start gap-1.5 text-sm text-muted-foreground">
            <MapPin className="mt-0.5 size-3.5 shrink-0" />
            <span className="break-words">{p.formattedAddress || 'Not available'}</span>
          </p>
        </div>
        {validated ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300">
            <BadgeCheck className="size-3.5" /> Address validated
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
            <Info className="size-3.5" /> Not validated
          </span>
        )}
      </div>
      {facts.every((f) => f.value === '—') ? (
        // Nothing is known: one compact line instead of five empty boxes.
        <dl className="flex flex-wrap gap-x-4 gap-y-1 rounded-lg border bg-card px-3 py-2.5 text-sm" data-testid="property-facts">
          {facts.map((f) => (
            <div key={f.label} className="flex items-center gap-1.5">
              <dt className="text-muted-foreground">{f.label}</dt>
              <dd className="text-muted-foreground" title="Not available">
                —
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="property-facts">
          {facts.map((f) => (
            <Fact key={f.label} icon={f.icon} label={f.label} value={f.value} />
          ))}
        </dl>
      )}

      <div className={cn('rounded-lg border p-3', TONE[tone])} data-testid="fire-hazard">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h5 className={cn('flex items-center gap-1.5 text-sm font-semibold', TONE_TEXT[tone])}>
            <Flame className="size-4" /> Fire Hazard Assessment
          </h5>
          <div className="flex flex-wrap gap-1.5 text-xs">
            <span className="rounded-md bg-card/80 px-2 py-0.5 ring-1 ring-border">
              Risk: <strong className="font-semibold">{f.riskLevel || 'Not available'}</strong>
            </span>
            <span className="rounded-md bg-card/80 px-2 py-0.5 ring-1 ring-border">
              Zone: <strong className="font-semibold">{f.zone || 'Not available'}</strong>
            </span>
          </div>
        </div>
        {f.description ? <p className="mt-2 text-sm text-foreground/80">{f.description}</p> : null}
        {f.recommendations?.length ? (
          <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm text-foreground/80">
            {f.recommendations.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        ) : null}
      </div>

      {data.source?.note || data.source?.provider ? (
        <p className="flex items-start gap-1.5 text-xs text-muted-foreground" data-testid="property-source">
          <Info className="mt-0.5 size-3.5 shrink-0" />
          <span>
            {data.source.provider ? <>Source: {data.source.provider}. </> : null}
            {data.source.note}
          </span>
        </p>
      ) : null}
    </section>
  )
}
