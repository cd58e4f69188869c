import { cn } from '@plumbline/ui'

export type ChartSeries = { name: string; points: { t: number; v: number | null }[] }

/** Fixed colours per series position, readable on light and dark cards. */
const COLOURS = ['#2563eb', '#16a34a', '#d97706', '#dc2626', '#7c3aed', '#0891b2', '#db2777']

const W = 600
const H = 180
const PAD = { left: 40, right: 8, top: 8, bottom: 20 }

function scale(series: ChartSeries[]) {
  const points = series.flatMap((s) => s.points)
  const times = points.map((p) => p.t)
  const values = points.flatMap((p) => (p.v === null ? [] : [p.v]))
  const t0 = Math.min(...times)
  const t1 = Math.max(...times)
  const vMax = Math.max(1, ...values)
  const x = (t: number) => PAD.left + ((t - t0) / Math.max(t1 - t0, 1)) * (W - PAD.left - PAD.right)
  const y = (v: number) => H - PAD.bottom - (v / vMax) * (H - PAD.top - PAD.bottom)
  return { x, y, t0, t1, vMax }
}

const clock = (t: number) => new Date(t).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })

/**
 * A small multi-series line chart in plain SVG (one page needs it; a chart library would add
 * more to the remote's bundle than the page itself). Gaps (null) break the line.
 */
export function LineChart({ title, unit, series, className }: { title: string; unit: string; series: ChartSeries[]; className?: string }) {
  const hasData = series.some((s) => s.points.filter((p) => p.v !== null).length > 0)
  if (!hasData)
    return (
      <figure className={cn('grid gap-2', className)}>
        <figcaption className="text-sm font-medium">{title}</figcaption>
        <p className="flex h-40 items-center justify-center rounded-md border border-dashed text-sm text-muted-foreground">
          Not enough samples yet: the history fills in every 30 seconds.
        </p>
      </figure>
    )
  const { x, y, t0, t1, vMax } = scale(series)
  const path = (s: ChartSeries) =>
    s.points.reduce((d, p, i) => {
      if (p.v === null) return d
      const prev = s.points[i - 1]
      return `${d}${!prev || prev.v === null ? 'M' : 'L'}${x(p.t).toFixed(1)},${y(p.v).toFixed(1)} `
    }, '')
  return (
    <figure className={cn('grid gap-2', className)}>
      <figcaption className="text-sm font-medium">{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label={title}>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(vMax * f)} y2={y(vMax * f)} className="stroke-border" strokeDasharray="3 3" />
            <text x={PAD.left - 4} y={y(vMax * f) + 4} textAnchor="end" className="fill-muted-foreground text-[10px]">
              {Math.round(vMax * f * 10) / 10}
            </text>
          </g>
        ))}
        <text x={PAD.left} y={H - 4} className="fill-muted-foreground text-[10px]">
          {clock(t0)}
        </text>
        <text x={W - PAD.right} y={H - 4} textAnchor="end" className="fill-muted-foreground text-[10px]">
          {clock(t1)}
        </text>
        {series.map((s, i) => (
          <path key={s.name} d={path(s)} fill="none" stroke={COLOURS[i % COLOURS.length]} strokeWidth={2} strokeLinejoin="round" />
        ))}
      </svg>
      <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
        {series.map((s, i) => (
          <li key={s.name} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2.5 rounded-full" style={{ background: COLOURS[i % COLOURS.length] }} />
            {s.name}
          </li>
        ))}
        <li className="ml-auto">{unit}</li>
      </ul>
    </figure>
  )
}
