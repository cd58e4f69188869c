import type { ReminderSettings } from '@plumbline/contracts'
import { REMINDER_LIMITS } from '@plumbline/contracts/estimate-sending-text'
import { Checkbox, Input, Label } from '@plumbline/ui'
import { BellRing } from 'lucide-react'

const clamp = (v: number, { min, max }: { min: number; max: number }) => (Number.isFinite(v) ? Math.min(max, Math.max(min, Math.round(v))) : min)

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
          <Input
            id={`${id}-reminders-every`}
            type="number"
            inputMode="numeric"
            className="h-8 w-16"
            min={REMINDER_LIMITS.everyDays.min}
            max={REMINDER_LIMITS.everyDays.max}
            value={value.everyDays}
            onChange={(e) => onChange({ ...value, everyDays: clamp(e.target.valueAsNumber, REMINDER_LIMITS.everyDays) })}
          />
          <span>days,</span>
          <Label htmlFor={`${id}-reminders-max`} className="font-normal">
            at most
          </Label>
          <Input
            id={`${id}-reminders-max`}
            type="number"
            inputMode="numeric"
            className="h-8 w-16"
            min={REMINDER_LIMITS.max.min}
            max={REMINDER_LIMITS.max.max}
            value={value.max}
            onChange={(e) => onChange({ ...value, max: clamp(e.target.valueAsNumber, REMINDER_LIMITS.max) })}
          />
          <span>reminders</span>
        </div>
      ) : null}
    </fieldset>
  )
}
