import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Input, Label } from '@plumbline/ui'
import * as React from 'react'
import { portalScope } from './portal-scope'

export type PromptOptions = {
  title: string
  description?: string
  label: string
  initialValue: string
  confirmLabel?: string
  /** Called with the trimmed value only when it is non-empty and changed (spec 001 §2). */
  onSubmit: (value: string) => void
}

/** A single-field prompt. Empty or unchanged input closes it without calling onSubmit. */
export function PromptDialog({ options, onClose }: { options: PromptOptions | null; onClose: () => void }) {
  const [value, setValue] = React.useState('')
  React.useEffect(() => {
    if (options) setValue(options.initialValue)
  }, [options])
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (!options) return
    const next = value.trim()
    onClose()
    if (next && next !== options.initialValue.trim()) options.onSubmit(next)
  }
  return (
    <Dialog open={!!options} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md" {...portalScope}>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{options?.title}</DialogTitle>
            {options?.description ? <DialogDescription>{options.description}</DialogDescription> : null}
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="prompt-value">{options?.label}</Label>
            <Input id="prompt-value" value={value} onChange={(e) => setValue(e.target.value)} autoFocus onFocus={(e) => e.currentTarget.select()} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">{options?.confirmLabel ?? 'Save'}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
