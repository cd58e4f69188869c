import type { BuiltInPromptTemplateName } from '@plumbline/contracts'

// Project type names are free text (system ones and each organisation's own), so the template is
// picked by the words in the name; anything unrecognised is residential, the common case.
const RULES: [RegExp, BuiltInPromptTemplateName][] = [
  [/maint|repair|restor|service|fix|leak|patch|inspect/i, 'maintenance_repair'],
  [/remodel|renovat|kitchen|bath|basement|addition|interior|refurb/i, 'remodeling_renovation'],
  [/commercial|office|retail|warehouse|industrial|tenant|restaurant|store|business/i, 'commercial_construction'],
]

export function templateForProjectType(projectType: string | null | undefined): BuiltInPromptTemplateName {
  const name = projectType ?? ''
  return RULES.find(([re]) => re.test(name))?.[1] ?? 'residential_construction'
}
