import type { AiPromptVariable } from '@plumbline/contracts'

export type PromptVariables = Partial<Record<AiPromptVariable, string | null | undefined>>

/**
 * Fills {{variable}} placeholders. A missing, empty or unknown variable renders as nothing (the
 * organisation's template may name anything), and the result is tidied so a missing value does
 * not leave "Client:  ," debris behind. Never throws.
 */
export function renderPrompt(template: string, vars: PromptVariables): string {
  const filled = template.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (_m, name: string) => {
    const value = Object.hasOwn(vars, name) ? vars[name as AiPromptVariable] : undefined
    return typeof value === 'string' ? value : ''
  })
  return filled
    .split('\n')
    .map((line) =>
      line
        .replace(/\(\s*\)/g, '')
        .replace(/[ \t]+/g, ' ')
        .replace(/\s+([,.;)])/g, '$1')
        .trimEnd(),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
