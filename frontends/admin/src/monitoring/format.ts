import type { HealthStatus } from '@plumbline/contracts'

/** Spec 001 §4: healthy, degraded, unhealthy, otherwise unknown. */
export type ShownStatus = HealthStatus | 'unknown'
export const shownStatus = (status: string | undefined): ShownStatus =>
  status === 'healthy' || status === 'degraded' || status === 'unhealthy' ? status : 'unknown'

export const STATUS_LABELS: Record<ShownStatus, string> = { healthy: 'Healthy', degraded: 'Degraded', unhealthy: 'Unhealthy', unknown: 'Unknown' }
export const STATUS_BADGES = { healthy: 'success', degraded: 'warning', unhealthy: 'destructive', unknown: 'secondary' } as const

export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`
}

export const formatNumber = (n: number) => new Intl.NumberFormat('en-US').format(n)

export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds}s`
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m`
  return `${Math.floor(seconds / 86_400)}d ${Math.floor((seconds % 86_400) / 3600)}h`
}

/** The trace viewer's page for an id ({traceId} in the configured URL); none without a viewer. */
export const traceLink = (viewerUrl: string | null, traceId: string) => (viewerUrl ? viewerUrl.replace('{traceId}', encodeURIComponent(traceId)) : null)
