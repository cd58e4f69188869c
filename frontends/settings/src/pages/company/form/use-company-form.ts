import type { CompanySettings } from '@plumbline/contracts'
import * as React from 'react'
import { type CompanyForm, changedFields, type FormField, formFromSettings, validateForm } from './form-state'

/**
 * The Company tab's form: values, the saved baseline they are compared with, and which messages
 * a person has earned (a field they left, or every field after a save attempt), so a half-typed
 * email is not called invalid while it is being typed.
 */
export function useCompanyForm(settings: Partial<CompanySettings>) {
  const [initial, setInitial] = React.useState(() => formFromSettings(settings))
  const [values, setValues] = React.useState(initial)
  const [touched, setTouched] = React.useState<Partial<Record<FormField, boolean>>>({})
  const [submitted, setSubmitted] = React.useState(false)
  // Messages the server attached to fields on a refused save; each goes once its field changes.
  const [serverErrors, setServerErrors] = React.useState<Partial<Record<FormField, string>>>({})

  const setField = React.useCallback(<K extends FormField>(field: K, value: CompanyForm[K]) => {
    setValues((v) => ({ ...v, [field]: value }))
    setServerErrors((e) => {
      if (!(field in e)) return e
      const { [field]: _gone, ...rest } = e
      return rest as Partial<Record<FormField, string>>
    })
  }, [])
  const touch = React.useCallback((field: FormField) => setTouched((t) => (t[field] ? t : { ...t, [field]: true })), [])

  const patch = React.useMemo(() => changedFields(initial, values), [initial, values])
  const errors = React.useMemo(() => validateForm(values), [values])
  const visibleError = (field: FormField) => (touched[field] || submitted ? errors[field] : undefined) ?? serverErrors[field]

  /** After a save: the server's answer becomes the new baseline and the form is clean again. */
  const reset = React.useCallback((saved: Partial<CompanySettings>) => {
    const next = formFromSettings(saved)
    setInitial(next)
    setValues(next)
    setTouched({})
    setSubmitted(false)
    setServerErrors({})
  }, [])

  return {
    values,
    setField,
    touch,
    patch,
    dirty: Object.keys(patch).length > 0,
    errors,
    hasErrors: Object.keys(errors).length > 0,
    visibleError,
    markSubmitted: () => setSubmitted(true),
    setServerErrors,
    discard: () => {
      setValues(initial)
      setTouched({})
      setSubmitted(false)
      setServerErrors({})
    },
    reset,
  }
}

export type CompanyFormApi = ReturnType<typeof useCompanyForm>
