import { Button, FormField, Input } from '@plumbline/ui'
import { Link2 } from 'lucide-react'
import * as React from 'react'
import { logoUrlProblem } from './use-logo-actions'

/** URL tab: a trimmed, non-empty address saved at once; the server's reason shows under the box. */
export function LogoUrlTab({
  current,
  saving,
  serverError,
  onSave,
}: {
  current: string | null | undefined
  saving: boolean
  serverError: string | null
  onSave: (url: string) => void
}) {
  const [value, setValue] = React.useState(current ?? '')
  const [problem, setProblem] = React.useState<string | null>(null)
  React.useEffect(() => setValue(current ?? ''), [current])

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const p = logoUrlProblem(value)
    setProblem(p)
    if (!p) onSave(value.trim())
  }
  const error = problem ?? serverError ?? undefined
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <FormField id="logo-url" label="Logo URL" error={error} hint="A PNG or JPEG image on the web, e.g. https://example.com/logo.png">
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="logo-url"
            type="url"
            inputMode="url"
            placeholder="https://example.com/logo.png"
            value={value}
            onChange={(e) => {
              setValue(e.target.value)
              setProblem(null)
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'logo-url-error' : undefined}
          />
          <Button type="submit" variant="outline" className="shrink-0" disabled={saving || value.trim() === ''}>
            <Link2 />
            {saving ? 'Saving...' : 'Use this URL'}
          </Button>
        </div>
      </FormField>
    </form>
  )
}
