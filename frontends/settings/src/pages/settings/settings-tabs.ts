import { Activity, Bell, Building2, FolderKanban, Layers, type LucideIcon, ShieldCheck } from 'lucide-react'

/** Spec 001 §2: Company, Phase Groups, Project Types, Activity, Roles; Company is the default. */
export type SettingsTab = { id: string; label: string; icon: LucideIcon }

export const SETTINGS_TABS: SettingsTab[] = [
  { id: 'company', label: 'Company', icon: Building2 },
  { id: 'phase-groups', label: 'Phase Groups', icon: Layers },
  { id: 'project-types', label: 'Project Types', icon: FolderKanban },
  { id: 'activity', label: 'Activity', icon: Activity },
  { id: 'roles', label: 'Roles', icon: ShieldCheck },
  // Not in the spec: each member's own e-mail notification choices.
  { id: 'notifications', label: 'Notifications', icon: Bell },
]

export const DEFAULT_TAB = 'company'

/** The tab a ?tab= value names; anything unknown falls back to Company. */
export function tabFromParam(value: string | null): string {
  return SETTINGS_TABS.some((t) => t.id === value) ? (value as string) : DEFAULT_TAB
}
