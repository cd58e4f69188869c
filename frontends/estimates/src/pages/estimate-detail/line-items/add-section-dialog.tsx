import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, FormField, Input, Spinner, Textarea } from '@plumbline/ui'
import * as React from 'react'
import { portalScope } from '../common/portal-scope'

/** Add Section: name required, description optional (spec 001 §5). */
export function AddSectionDialog({
  open,
  onOpenChange,
  onSubmit,
  saving,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onSubmit: (values: { name: string; description: string | null }) => Promise<unknown>
  saving: boolean
}) {
  const [name, setName] = React.useState('')
  const [description, setDescription] = React.useState('')
  const [error, setError] = React.useState<string>()
  React.useEffect(() => {
    if (open) {
      setName('')
      setDescription('')
      setError(undefined)
    }
  }, [open])

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!name.trim()) {
      setError('Name is required')
      return
    }
    try {
      await onSubmit({ name: name.trim(), description: description.trim() || null })
      onOpenChange(false)
    } catch {
      // Toast shown by the mutation.
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md" {...portalScope}>
        <form onSubmit={(e) => void submit(e)} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>Add Section</DialogTitle>
            <DialogDescription>Group related line items, e.g. Demolition, Framing or Finishes.</DialogDescription>
          </DialogHeader>
          <FormField id="section-name" label="Name" error={error}>
            <Input
              id="section-name"
              value={name}
              onChange={(e) => {
                setName(e.target.value)
                setError(undefined)
              }}
              aria-invalid={!!error}
              autoFocus
            />
          </FormField>
          <FormField id="section-description" label="Description (optional)">
            <Textarea id="section-description" value={description} onChange={(e) => setDescription(e.target.value)} rows={2} className="min-h-16" />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? <Spinner className="size-4 text-current" label="Saving" /> : null}
              Add Section
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
