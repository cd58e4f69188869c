import { Button } from '@plumbline/ui'
import { type LucideIcon, Plus } from 'lucide-react'

/** A profile list's title with its icon, and the add button unless the estimate is locked. */
export function ProfileSectionHeader({
  icon: Icon,
  title,
  addLabel,
  locked,
  onAdd,
}: {
  icon: LucideIcon
  title: string
  addLabel: string
  locked: boolean
  onAdd: () => void
}) {
  return (
    <div className="mb-2 flex items-center justify-between gap-2">
      <h3 className="flex items-center gap-1.5 text-sm font-semibold">
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
        {title}
      </h3>
      {locked ? null : (
        <Button variant="ghost" size="sm" onClick={onAdd}>
          <Plus />
          {addLabel}
        </Button>
      )}
    </div>
  )
}
