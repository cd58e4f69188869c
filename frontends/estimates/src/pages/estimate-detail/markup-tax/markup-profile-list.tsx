import type { MarkupProfile } from '@plumbline/contracts'
import { Skeleton } from '@plumbline/ui'
import { Percent } from 'lucide-react'
import type { ConfirmOptions } from '../common/confirm-dialog'
import { MarkupProfileOption } from './markup-profile-option'
import { askDeleteProfile, ProfileRowActions } from './profile-row-actions'
import { ProfileSectionHeader } from './profile-section-header'

/** The markup profiles as a radio group: one (or none) applies to the estimate. */
export function MarkupProfileList({
  profiles,
  loading,
  selectedId,
  locked,
  disabled,
  onSelect,
  onAdd,
  onEdit,
  confirm,
  remove,
}: {
  profiles: MarkupProfile[]
  loading: boolean
  selectedId: string | null
  locked: boolean
  disabled: boolean
  onSelect: (id: string | null) => void
  onAdd: () => void
  onEdit: (profile: MarkupProfile) => void
  confirm: (options: ConfirmOptions) => void
  remove: (id: string) => Promise<unknown>
}) {
  return (
    <div>
      <ProfileSectionHeader icon={Percent} title="Markup profile" addLabel="New Markup Profile" locked={locked} onAdd={onAdd} />
      {loading ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <div role="radiogroup" aria-label="Markup profile" className="divide-y rounded-lg border">
          {[null, ...profiles].map((p) => (
            <MarkupProfileOption
              key={p?.id ?? 'none'}
              profile={p}
              checked={selectedId === (p?.id ?? null)}
              disabled={disabled}
              onChoose={() => onSelect(p?.id ?? null)}
              actions={
                p && !locked ? (
                  <ProfileRowActions name={p.name} onEdit={() => onEdit(p)} onDelete={() => askDeleteProfile(confirm, remove, 'markup', p)} />
                ) : null
              }
            />
          ))}
        </div>
      )}
    </div>
  )
}
