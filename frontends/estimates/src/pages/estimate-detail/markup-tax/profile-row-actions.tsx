import { Button } from '@plumbline/ui'
import { Pencil, Trash2 } from 'lucide-react'
import type { ConfirmOptions } from '../common/confirm-dialog'

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

const DELETE_TEXT = {
  markup: { title: 'Delete markup profile?', noun: 'markup profile', consequence: 'Estimates using it will no longer apply its markup.' },
  tax: { title: 'Delete tax profile?', noun: 'tax profile', consequence: 'Estimates using it will no longer include this tax.' },
} as const

/** Opens the confirmation for deleting a profile; a failed delete was already reported by the mutation. */
export function askDeleteProfile(
  confirm: (options: ConfirmOptions) => void,
  remove: (id: string) => Promise<unknown>,
  kind: keyof typeof DELETE_TEXT,
  profile: { id: string; name: string },
): void {
  const text = DELETE_TEXT[kind]
  confirm({
    title: text.title,
    description: `Delete the ${text.noun} "${profile.name}"? ${text.consequence}`,
    confirmLabel: 'Delete Profile',
    destructive: true,
    onConfirm: () => remove(profile.id).catch(() => undefined),
  })
}
