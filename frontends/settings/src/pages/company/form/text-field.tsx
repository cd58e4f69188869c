import { FormField, Input } from '@plumbline/ui'
import type { TextField } from './form-state'
import type { CompanyFormApi } from './use-company-form'

/** One text box bound to the company form, with the label, hint and the contract's message. */
export function TextInputField({
  form,
  field,
  label,
  type = 'text',
  placeholder,
  hint,
  autoComplete,
  className,
}: {
  form: CompanyFormApi
  field: Exclude<TextField, 'aiPromptTemplate'>
  label: string
  type?: 'text' | 'email' | 'tel' | 'url'
  placeholder?: string
  hint?: string
  autoComplete?: string
  className?: string
}) {
  const id = `company-${field}`
  const error = form.visibleError(field)
  return (
    <FormField id={id} label={label} error={error} hint={hint} className={className}>
      <Input
        id={id}
        type={type}
        value={form.values[field]}
        placeholder={placeholder}
        autoComplete={autoComplete}
        onChange={(e) => form.setField(field, e.target.value)}
        onBlur={() => form.touch(field)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </FormField>
  )
}
