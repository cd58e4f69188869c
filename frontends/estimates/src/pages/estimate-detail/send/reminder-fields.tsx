import type { ReminderSettings } from '@plumbline/contracts'
import { REMINDER_LIMITS } from '@plumbline/contracts/estimate-sending-text'
import { Checkbox, Label, WholeNumberInput } from '@plumbline/ui'
import { BellRing } from 'lucide-react'

/**
 * Follow-up reminders of an estimate: on or off, every N days, at most M. Used by the Send
 * dialog (this send's reminders) and the share dialog (the estimate's from now on).
 */
export function ReminderFields({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string
  value: ReminderSettings
  onChange: (v: ReminderSettings) => void
  disabled?: boolean
}) {
  return (
    <fieldset className="grid gap-2" data-testid={`${id}-reminders`} disabled={disabled}>
      <div className="flex items-center gap-3">
        <Checkbox id={`${id}-reminders-on`} checked={value.enabled} onCheckedChange={(v) => onChange({ ...value, enabled: v === true })} />
        <Label htmlFor={`${id}-reminders-on`} className="flex items-center gap-1.5 text-sm font-normal">
          <BellRing className="size-4 text-muted-foreground" aria-hidden="true" />
          Remind the client until they answer
        </Label>
      </div>
      {value.enabled ? (
        <div className="flex flex-wrap items-center gap-2 pl-7 text-sm text-muted-foreground">
          <Label htmlFor={`${id}-reminders-every`} className="font-normal">
            Every
          </Label>
          <WholeNumberInput
            id={`${id}-reminders-every`}
            className="h-8"
            {...REMINDER_LIMITS.everyDays}
            value={value.everyDays}
            onValue={(everyDays) => onChange({ ...value, everyDays })}
          />
          <span>days,</span>
          <Label htmlFor={`${id}-reminders-max`} className="font-normal">
            at most
          </Label>
          <WholeNumberInput
            id={`${id}-reminders-max`}
            className="h-8"
            {...REMINDER_LIMITS.max}
            value={value.max}
            onValue={(max) => onChange({ ...value, max })}
          />
          <span>reminders</span>
        </div>
      ) : null}
    </fieldset>
  )
}
