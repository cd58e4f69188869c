import { Button, cn } from '@plumbline/ui'
import { Save, Undo2 } from 'lucide-react'

/**
 * The form's Save and Discard. With unsaved changes it sticks to the bottom of the screen so
 * Save is in reach from any card; when all is saved it sits quietly after the last card.
 */
export function SaveBar({
  dirty,
  saving,
  changeCount,
  onSave,
  onDiscard,
}: {
  dirty: boolean
  saving: boolean
  changeCount: number
  onSave: () => void
  onDiscard: () => void
}) {
  return (
    <div
      data-testid="save-bar"
      className={cn(
        'z-10 rounded-xl border bg-card px-4 py-3',
        dirty && 'sticky bottom-3 border-primary/30 bg-card/95 shadow-lg backdrop-blur supports-[backdrop-filter]:bg-card/85',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <p role="status" className={cn('text-sm', dirty ? 'font-medium text-foreground' : 'text-muted-foreground')}>
          {dirty ? `${changeCount} unsaved ${changeCount === 1 ? 'change' : 'changes'}` : 'All changes saved'}
        </p>
        <div className="ml-auto flex gap-2">
          <Button variant="ghost" onClick={onDiscard} disabled={!dirty || saving}>
            <Undo2 />
            Discard
          </Button>
          <Button onClick={onSave} disabled={!dirty || saving}>
            <Save />
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </div>
    </div>
  )
}
