import type { z } from 'zod'
import type { ZBuiltInPromptTemplate } from './ai.js'

export type BuiltInPromptTemplateName = z.infer<typeof ZBuiltInPromptTemplate>

const FACTS = `Project: {{projectName}} ({{projectType}})
Client: {{clientName}} {{clientEmail}}
Property: {{propertyAddress}}; {{squareFootage}} square feet
Estimated cost: {{totalCost}}
Special features: {{specialFeatures}}
Property data: {{propertyData}}
Meeting notes: {{meetingTranscript}}
Contractor: {{companyName}}, licence {{contractorLicense}}`

const SECTIONS = `Write five sections: Executive Summary, Project Overview, Scope of Work, Timeline Considerations and Quality Assurance Notes.
Use only the facts given; leave out anything that is missing and never invent prices, dates or measurements.
The meeting notes are the contractor's private notes: let them shape what you stress, but never quote or copy them.`

/**
 * The four built-in prompt templates (spec 001 §12): the ai service uses them when the
 * organisation has not written its own (company settings `aiPromptTemplate`), and Settings › AI
 * Configuration offers them as a start for one. Variables are AI_PROMPT_VARIABLES; a missing one
 * renders empty.
 */
export const BUILT_IN_TEMPLATES: Record<BuiltInPromptTemplateName, { title: string; text: string }> = {
  residential_construction: {
    title: 'Residential construction',
    text: `You are writing a proposal for a residential construction project for a homeowner. Be warm but professional, explain the work in plain language, and stress care for the home, cleanliness and communication.
${FACTS}
${SECTIONS}`,
  },
  commercial_construction: {
    title: 'Commercial construction',
    text: `You are writing a proposal for a commercial construction project for a business client. Be concise and businesslike; address scheduling around operations, site safety, code compliance and coordination of trades.
${FACTS}
${SECTIONS}`,
  },
  remodeling_renovation: {
    title: 'Remodeling and renovation',
    text: `You are writing a proposal for a remodeling and renovation project. Explain how existing structures and finishes are protected, how selections are agreed with the client, and how surprises behind walls are handled.
${FACTS}
${SECTIONS}`,
  },
  maintenance_repair: {
    title: 'Maintenance and repair',
    text: `You are writing a proposal for maintenance and repair work. Be direct: describe the problem being fixed, the repair, how it prevents further damage, and how the result is checked.
${FACTS}
${SECTIONS}`,
  },
}
