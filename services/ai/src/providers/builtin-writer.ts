import { CONTENT_SECTION_TYPES } from '@plumbline/contracts'
import { builtInChatEdit } from './builtin/chat-edits.js'
import { composeSection, SECTION_TITLES } from './builtin/compose-sections.js'
import { promptFacts } from './builtin/prompt-facts.js'
import type { AiProvider } from './provider.js'

/**
 * The embedded default writer: composes each section from the estimate's own data in plain,
 * professional prose. No network, deterministic, and fast (all five sections of a 300-item
 * estimate in well under a millisecond or two; see scripts/bench/ai.ts). It ignores the prompt
 * text for estimates (the data says more than a template can) and reads labelled facts from it
 * for free prompts.
 */
export function createBuiltInWriter(): AiProvider {
  return {
    info: { writer: 'built-in', model: null, label: 'Built-in writer (no external AI)' },
    async writeSection(req) {
      return composeSection(req.type, req.facts)
    },
    async chat(req) {
      return builtInChatEdit({ type: req.type, facts: req.facts, currentText: req.currentText, message: req.message })
    },
    async writeFreeform(req) {
      const facts = promptFacts(req.prompt, req.projectType, req.propertyData, req.settings)
      return CONTENT_SECTION_TYPES.map((type) => `${SECTION_TITLES[type]}\n\n${composeSection(type, facts)}`).join('\n\n')
    },
  }
}
