import { BUILT_IN_PROMPT_TEMPLATES, BUILT_IN_TEMPLATES, type BuiltInPromptTemplateName } from '@plumbline/contracts'
import { Button, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@plumbline/ui'
import { Copy } from 'lucide-react'
import * as React from 'react'

/**
 * Starts the organisation's prompt from one of the four built-in templates: the
 * chosen text goes into the editor, where it can be changed before saving. Replacing text the
 * user already wrote asks first.
 */
export function TemplatePicker({ current, onUse }: { current: string; onUse: (text: string) => void }) {
  const [chosen, setChosen] = React.useState<BuiltInPromptTemplateName>('residential_construction')
  const use = () => {
    const text = BUILT_IN_TEMPLATES[chosen].text
    if (current.trim() && current.trim() !== text && !window.confirm('Replace your prompt template with the built-in one?')) return
    onUse(text)
  }
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 space-y-1">
        <p id="builtin-template-label" className="text-sm font-medium">
          Built-in templates
        </p>
        <Select value={chosen} onValueChange={(v) => setChosen(v as BuiltInPromptTemplateName)}>
          <SelectTrigger className="w-64" aria-labelledby="builtin-template-label">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {BUILT_IN_PROMPT_TEMPLATES.map((name) => (
              <SelectItem key={name} value={name}>
                {BUILT_IN_TEMPLATES[name].title}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Button type="button" variant="outline" onClick={use}>
        <Copy aria-hidden="true" /> Use this template
      </Button>
    </div>
  )
}
