import type { TaxProfile } from '@plumbline/contracts'
import { Badge, Checkbox, cn } from '@plumbline/ui'
import { taxSummary } from './profile-summaries'

/** One tax profile with its Apply checkbox (any number of taxes apply). */
export function TaxProfileOption({
  profile,
  checked,
  disabled,
  onToggle,
  actions,
}: {
  profile: TaxProfile
  checked: boolean
  disabled: boolean
  onToggle: (on: boolean) => void
  actions: React.ReactNode
}) {
  return (
    <div className={cn('flex items-center gap-3 px-3 py-2.5', checked && 'bg-primary/5')}>
      <Checkbox
        id={`tax-select-${profile.id}`}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(v) => onToggle(v === true)}
        aria-label={`Apply ${profile.name}`}
      />
      <label htmlFor={`tax-select-${profile.id}`} className="min-w-0 flex-1 cursor-pointer">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium">
          {profile.name}
          {profile.isActive ? null : <Badge variant="secondary">Inactive</Badge>}
        </span>
        <span className="block truncate text-xs text-muted-foreground">{taxSummary(profile)}</span>
      </label>
      {actions}
    </div>
  )
}
