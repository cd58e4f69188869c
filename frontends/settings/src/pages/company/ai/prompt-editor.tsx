import { FormField, Textarea } from '@plumbline/ui'
import * as React from 'react'
import { insertVariable, PROMPT_VARIABLES, VARIABLE_HINTS } from './sample-values'

/** The template text area and its variable chips; a chip inserts `{{name}}` where the caret is. */
export function PromptEditor({ value, onChange, error }: { value: string; onChange: (next: string) => void; error?: string }) {
  const ref = React.useRef<HTMLTextAreaElement>(null)
  const caret = React.useRef<number | null>(null)

  // Put the caret after the inserted variable once React has written the new text.
  React.useLayoutEffect(() => {
    const el = ref.current
    if (el && caret.current !== null && el.value === value) {
      el.focus()
      el.setSelectionRange(caret.current, caret.current)
      caret.current = null
    }
  }, [value])

  const insert = (name: string) => {
    const el = ref.current
    const start = el?.selectionStart ?? value.length
    const end = el?.selectionEnd ?? value.length
    const next = insertVariable(value, start, end, name)
    caret.current = next.caret
    onChange(next.text)
  }

  return (
    <div className="space-y-3">
      <FormField
        id="company-aiPromptTemplate"
        label="Prompt Template"
        error={error}
        hint="Used when Plumbline writes estimate content. Leave blank to use the built-in template."
      >
        <Textarea
          ref={ref}
          id="company-aiPromptTemplate"
          rows={7}
          value={value}
          placeholder="Write a professional project overview for {{clientName}}'s {{projectType}} at {{propertyAddress}}…"
          onChange={(e) => onChange(e.target.value)}
          className="min-h-36 font-mono text-[13px] leading-relaxed"
        />
      </FormField>
      <div className="space-y-2">
        <p id="prompt-variables-label" className="text-xs font-medium text-muted-foreground">
          Available variables — click to insert at the cursor
        </p>
        <fieldset aria-labelledby="prompt-variables-label" className="flex min-w-0 flex-wrap gap-1.5">
          {PROMPT_VARIABLES.map((name) => (
            <button
              key={name}
              type="button"
              title={VARIABLE_HINTS[name]}
              aria-label={`Insert {{${name}}}`}
              // Keep the text area's selection: a mousedown would otherwise move focus first.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => insert(name)}
              className="rounded-full border bg-muted/40 px-2.5 py-1 font-mono text-xs text-foreground/80 transition-colors hover:border-primary/40 hover:bg-primary/10 hover:text-primary focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/30"
            >
              {`{{${name}}}`}
            </button>
          ))}
        </fieldset>
      </div>
    </div>
  )
}
