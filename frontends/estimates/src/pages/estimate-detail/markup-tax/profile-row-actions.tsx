import { Button } from '@plumbline/ui'
import { Pencil, Trash2 } from 'lucide-react'

/** Edit and Delete beside a profile (Delete asks first: the caller opens its confirmation). */
export function ProfileRowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="flex shrink-0 gap-0.5">
      <Button variant="ghost" size="icon-sm" aria-label={`Edit ${name}`} onClick={onEdit}>
        <Pencil />
      </Button>
      <Button variant="ghost" size="icon-sm" aria-label={`Delete ${name}`} className="text-muted-foreground hover:text-destructive" onClick={onDelete}>
        <Trash2 />
      </Button>
    </div>
  )
}
