import { FormField, Textarea } from '@plumbline/ui'
import type { JsonField } from '../form/form-state'
import type { CompanyFormApi } from '../form/use-company-form'

/** A JSON object typed by hand; the parser's reason shows once the person leaves the box. */
export function JsonTextField({
  form,
  field,
  label,
  placeholder,
  hint,
}: {
  form: CompanyFormApi
  field: JsonField
  label: string
  placeholder: string
  hint: string
}) {
  const id = `company-${field}`
  const error = form.visibleError(field)
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Textarea
        id={id}
        rows={5}
        spellCheck={false}
        value={form.values[field]}
        placeholder={placeholder}
        onChange={(e) => form.setField(field, e.target.value)}
        onBlur={() => form.touch(field)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="font-mono text-[13px]"
      />
    </FormField>
  )
}
