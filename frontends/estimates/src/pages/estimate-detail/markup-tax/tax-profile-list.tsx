import type { TaxProfile } from '@plumbline/contracts'
import { Skeleton } from '@plumbline/ui'
import { Receipt } from 'lucide-react'
import type { ConfirmOptions } from '../common/confirm-dialog'
import { askDeleteProfile, ProfileRowActions } from './profile-row-actions'
import { ProfileSectionHeader } from './profile-section-header'
import { TaxProfileOption } from './tax-profile-option'

/** The tax profiles with a checkbox each: any number apply to the estimate. */
export function TaxProfileList({
  profiles,
  loading,
  selectedIds,
  locked,
  disabled,
  onToggle,
  onAdd,
  onEdit,
  confirm,
  remove,
}: {
  profiles: TaxProfile[]
  loading: boolean
  selectedIds: string[]
  locked: boolean
  disabled: boolean
  onToggle: (id: string, on: boolean) => void
  onAdd: () => void
  onEdit: (profile: TaxProfile) => void
  confirm: (options: ConfirmOptions) => void
  remove: (id: string) => Promise<unknown>
}) {
  return (
    <div>
      <ProfileSectionHeader icon={Receipt} title="Tax profiles" addLabel="New Tax Profile" locked={locked} onAdd={onAdd} />
      {loading ? (
        <Skeleton className="h-20 w-full" />
      ) : profiles.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-5 text-center text-sm text-muted-foreground">
          No tax profiles yet. Add one from a state preset or your own rate.
        </p>
      ) : (
        <div className="divide-y rounded-lg border">
          {profiles.map((t) => (
            <TaxProfileOption
              key={t.id}
              profile={t}
              checked={selectedIds.includes(t.id)}
              disabled={disabled}
              onToggle={(on) => onToggle(t.id, on)}
              actions={
                locked ? null : <ProfileRowActions name={t.name} onEdit={() => onEdit(t)} onDelete={() => askDeleteProfile(confirm, remove, 'tax', t)} />
              }
            />
          ))}
        </div>
      )}
    </div>
  )
}
