import type { MarkupProfile } from '@plumbline/contracts'
import { Badge, cn } from '@plumbline/ui'
import { markupSummary } from './profile-summaries'

/** One choice of the markup radio group: a profile, or "No markup" (price at cost) when `profile` is null. */
export function MarkupProfileOption({
  profile,
  checked,
  disabled,
  onChoose,
  actions,
}: {
  profile: MarkupProfile | null
  checked: boolean
  disabled: boolean
  onChoose: () => void
  actions: React.ReactNode
}) {
  return (
    <div className={cn('flex items-center gap-3 px-3 py-2.5', checked && 'bg-primary/5')}>
      <button
        type="button"
        role="radio"
        aria-checked={checked}
        aria-label={profile ? profile.name : 'No markup'}
        disabled={disabled}
        onClick={() => !checked && onChoose()}
        className="flex min-w-0 flex-1 items-center gap-3 text-left outline-none disabled:cursor-not-allowed"
      >
        <span className={cn('flex size-4 shrink-0 items-center justify-center rounded-full border', checked ? 'border-primary' : 'border-input')}>
          {checked ? <span className="size-2 rounded-full bg-primary" /> : null}
        </span>
        <span className="min-w-0">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium">
            {profile ? profile.name : 'No markup'}
            {profile?.isDefault ? <Badge variant="info">Default</Badge> : null}
            {profile && !profile.isTemplate ? <Badge variant="outline">This estimate</Badge> : null}
          </span>
          <span className="block truncate text-xs text-muted-foreground">{profile ? markupSummary(profile) : 'Price at cost'}</span>
        </span>
      </button>
      {actions}
    </div>
  )
}
