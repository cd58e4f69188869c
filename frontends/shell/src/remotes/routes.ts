import type { RemoteName } from '@plumbline/contracts/remotes'

export { containerName, REMOTE_NAMES, type RemoteName } from '@plumbline/contracts/remotes'

/** Friendly names for the fallback card. */
export const REMOTE_LABELS: Record<RemoteName, string> = {
  estimates: 'Estimates',
  share: 'Shared estimate',
  meetings: 'Meetings and tasks',
  settings: 'Settings',
  admin: 'Administration',
}

function under(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`)
}

/** Which remote owns a path (null: the shell's own page or 404). */
export function remoteForPath(pathname: string): RemoteName | null {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (under(p, '/share')) return 'share'
  if (under(p, '/cost-estimator') || under(p, '/estimates') || under(p, '/templates') || /^\/estimate-wizard-step[123]$/.test(p)) return 'estimates'
  if (under(p, '/notetaker') || under(p, '/tasks')) return 'meetings'
  if (under(p, '/settings')) return 'settings'
  if (under(p, '/admin') || under(p, '/monitoring')) return 'admin'
  return null
}
