import type { CompanySettings } from '@plumbline/contracts'
import { BUILT_IN_TEMPLATES } from '@plumbline/contracts'
import type { EstimateFacts } from '../domain/estimate-facts.js'
import { promptVariables } from './prompt-variables.js'
import { renderPrompt } from './render-prompt.js'
import { templateForProjectType } from './select-template.js'

/** The prompt for one estimate: the organisation's own template when it wrote one, else the built-in one for the project type. */
export function buildPrompt(settings: Pick<CompanySettings, 'aiPromptTemplate'>, facts: EstimateFacts): string {
  const own = settings.aiPromptTemplate?.trim()
  const template = own || BUILT_IN_TEMPLATES[templateForProjectType(facts.projectType)].text
  return renderPrompt(template, promptVariables(facts))
}
