import type { ContentSectionType } from '@plumbline/contracts'
import { centsText, parseCents } from '@plumbline/contracts/money'
import { type EstimateFacts, lineItemCount, type PhaseFacts, quotedTotal, type SectionFacts } from '../../domain/estimate-facts.js'
import { article, inline, listOf, money, paragraphs, plural, quantity, sentence, thousands } from '../../domain/format.js'
import { templateForProjectType } from '../../prompts/select-template.js'
import { FLAVOURS, type Flavour } from './flavour.js'
import { discussedTopics, timingDiscussed } from './meeting-notes.js'

// The built-in writer's five sections, composed from the estimate's own facts. Every sentence
// is built only from facts that are present; a missing one drops the clause or the sentence.
// Deterministic: no clock, no randomness, the same facts always give the same text.

export type ComposeOptions = { detailed?: boolean }
const ITEMS_SHOWN = 8
const ITEMS_SHOWN_DETAILED = 20

const flavourOf = (f: EstimateFacts): Flavour => FLAVOURS[templateForProjectType(f.projectType)]
const we = (f: EstimateFacts) => f.company.name ?? 'We'
const weAre = (f: EstimateFacts) => (f.company.name ? `${f.company.name} is` : 'We are')

function projectPhrase(f: EstimateFacts): string {
  const kind = f.projectType ? `${article(f.projectType)} ${inline(f.projectType)} project` : null
  if (f.projectName && kind) return `${f.projectName}, ${kind}`
  return f.projectName ?? kind ?? 'your project'
}

function costSentence(f: EstimateFacts): string | null {
  const p = f.pricing
  if (p) {
    const parts = [`${money(p.baseTotal)} in direct costs`]
    if (p.markupTotal) parts.push(`${money(p.markupTotal)} for overhead, profit and contingency`)
    if (p.taxTotal) parts.push(`${money(p.taxTotal)} in applicable taxes`)
    return `The total investment for the project is ${money(p.grandTotal)}${parts.length > 1 ? `, made up of ${listOf(parts)}` : ''}.`
  }
  return f.totalCost ? `The estimated total cost of the project is ${money(f.totalCost)}.` : null
}

function structureSentence(f: EstimateFacts): string | null {
  const items = lineItemCount(f)
  const phases =
    f.phases.length > 1
      ? `The work is organised in ${plural(f.phases.length, 'phase')}, from ${inline(f.phases[0].name)} through ${inline(f.phases[f.phases.length - 1].name)}`
      : null
  const priced = f.sections.length && items ? `priced in detail across ${plural(f.sections.length, 'cost section')} with ${plural(items, 'line item')}` : null
  if (phases && priced) return `${phases}, and ${priced}.`
  if (phases) return `${phases}.`
  if (priced) return `The estimate is ${priced}.`
  return null
}

function licenceSentence(f: EstimateFacts): string | null {
  if (!f.company.license) return null
  return f.company.name
    ? `${f.company.name} is a licensed contractor (licence ${f.company.license}).`
    : `All work is carried out under our contractor licence ${f.company.license}.`
}

function executiveSummary(f: EstimateFacts, o: ComposeOptions): string {
  const who = f.clientName ? ` for ${f.clientName}` : ''
  const where = f.propertyAddress ? ` at ${f.propertyAddress}` : ''
  const size = f.squareFootage ? ` The work covers approximately ${thousands(f.squareFootage)} square feet.` : ''
  const opening = `${weAre(f)} pleased to present this estimate for ${projectPhrase(f)}${who}${where}.${size}`
  // The special features are quoted once, in the project overview; the other sections point there.
  const features = f.specialFeatures ? 'The proposal takes into account the special requirements described in the project overview.' : null
  const topics = o.detailed ? discussedTopics(f.meetingNotes, 3) : []
  const heard = topics.length ? `It reflects what we discussed with you, in particular ${listOf(topics)}.` : null
  return paragraphs([
    opening,
    [costSentence(f), structureSentence(f)].filter(Boolean).join(' '),
    features,
    heard,
    [flavourOf(f).care, licenceSentence(f), flavourOf(f).closing].filter(Boolean).join(' '),
  ])
}

function projectOverview(f: EstimateFacts, o: ComposeOptions): string {
  const location = f.propertyAddress
    ? `The project is located at ${f.propertyAddress}${f.squareFootage ? `, covering approximately ${thousands(f.squareFootage)} square feet` : ''}.`
    : f.squareFootage
      ? `The project covers approximately ${thousands(f.squareFootage)} square feet.`
      : null
  const kind = f.projectType
    ? `It is ${article(f.projectType)} ${inline(f.projectType)} project${f.projectName ? ` named ${f.projectName}` : ''}${f.clientName ? `, prepared for ${f.clientName}` : ''}.`
    : f.projectName
      ? `The project, ${f.projectName}, has been prepared${f.clientName ? ` for ${f.clientName}` : ''}.`
      : f.clientName
        ? `This estimate has been prepared for ${f.clientName}.`
        : null
  const property = f.propertyNotes.length ? `Property details: ${f.propertyNotes.join('; ')}.` : null
  const shown = o.detailed ? f.sections.length : 6
  const areas = f.sections.length
    ? `The estimate covers ${listOf([...f.sections.slice(0, shown).map((s) => inline(s.name)), ...(f.sections.length > shown ? [`${plural(f.sections.length - shown, 'further area')}`] : [])])}.`
    : null
  const biggest = [...f.phases].filter((p) => p.amount).sort((a, b) => Number(b.amount) - Number(a.amount))[0]
  // Phases split the stated total; once line items price the work the two can differ, so only one is quoted.
  const budget =
    biggest && f.phases.length > 1 && !f.pricing
      ? `The largest share of the budget, ${money(biggest.amount)}${biggest.percentage ? ` (${Number(biggest.percentage)}%)` : ''}, goes to ${inline(biggest.name)}.`
      : null
  const features = f.specialFeatures ? `Special features and requirements: ${sentence(f.specialFeatures)}` : null
  const topics = discussedTopics(f.meetingNotes, o.detailed ? undefined : 3)
  const notes = topics.length ? `This estimate takes into account the priorities from our meeting with you: ${listOf(topics)}.` : null
  return (
    paragraphs([[location, kind].filter(Boolean).join(' '), property, [areas, budget, costSentence(f)].filter(Boolean).join(' '), features, notes]) ||
    `${weAre(f)} pleased to provide this overview of ${projectPhrase(f)}.`
  )
}

function itemLine(i: SectionFacts['items'][number]): string {
  const amount = money(i.totalCost)
  return `- ${i.name}: ${quantity(i.quantity)} ${i.unit}${amount ? `, ${amount}` : ''}`
}

function sectionBlock(s: SectionFacts, o: ComposeOptions): string {
  const shown = o.detailed ? ITEMS_SHOWN_DETAILED : ITEMS_SHOWN
  const head = `${s.name}${s.total ? ` (${money(s.total)})` : ''}`
  const lines = s.items.slice(0, shown).map(itemLine)
  if (s.items.length > shown) lines.push(`- plus ${plural(s.items.length - shown, 'further item')}`)
  return [head, s.description ? sentence(s.description) : null, ...lines].filter(Boolean).join('\n')
}

function phaseLine(p: PhaseFacts, n: number): string {
  const amount = p.amount ? ` (${money(p.amount)})` : ''
  return `${n}. ${p.name}${amount}${p.description ? `: ${sentence(p.description)}` : ''}`
}

function costTypeSentence(f: EstimateFacts): string | null {
  const cents = new Map<string, bigint>()
  for (const s of f.sections) for (const i of s.items) cents.set(i.costType, (cents.get(i.costType) ?? 0n) + (parseCents(i.totalCost) ?? 0n))
  const parts = [...cents.entries()].filter(([, c]) => c > 0n).map(([type, c]) => `${type.toLowerCase()} ${money(centsText(c))}`)
  return parts.length > 1 ? `By type of cost, the line items break down into ${listOf(parts)}.` : null
}

function scopeOfWork(f: EstimateFacts, o: ComposeOptions): string {
  const what = f.projectType ? `the ${inline(f.projectType)} work` : 'the work'
  const intro = `This scope of work describes ${what}${f.propertyAddress ? ` at ${f.propertyAddress}` : ''} included in this estimate.`
  const body = f.sections.length
    ? f.sections.map((s) => sectionBlock(s, o)).join('\n\n')
    : f.phases.length
      ? `The work is carried out in the following phases:\n${f.phases.map((p, i) => phaseLine(p, i + 1)).join('\n')}`
      : null
  const features = f.specialFeatures ? 'The scope includes the special requirements described in the project overview.' : null
  const exclusions = 'Work not described in this estimate is not included; any additional work will be agreed with you in writing before it begins.'
  return paragraphs([intro, body, f.sections.length ? costTypeSentence(f) : null, features, exclusions])
}

const dateText = (iso: string | null) => {
  if (!iso) return null
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? null : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
}

function timelinePhase(p: PhaseFacts, n: number): string {
  const start = dateText(p.startDate)
  const end = dateText(p.endDate)
  const when = start && end ? ` (${start} to ${end})` : start ? ` (from ${start})` : end ? ` (by ${end})` : ''
  const state = p.status === 'completed' ? ' - completed' : p.status === 'in_progress' ? ' - in progress' : ''
  return `${n}. ${p.name}${when}${state}${p.description ? `: ${sentence(p.description)}` : ''}`
}

function timeline(f: EstimateFacts, _o: ComposeOptions): string {
  const fl = flavourOf(f)
  const starts = f.phases
    .map((p) => p.startDate)
    .filter((d): d is string => !!d && !!dateText(d))
    .sort()
  const ends = f.phases
    .map((p) => p.endDate)
    .filter((d): d is string => !!d && !!dateText(d))
    .sort()
  const span = starts.length && ends.length ? `Work is scheduled from ${dateText(starts[0])} to ${dateText(ends[ends.length - 1])}.` : null
  const sequence = f.phases.length
    ? `The project proceeds in ${plural(f.phases.length, 'phase')}, each completed and checked before the next begins:\n${f.phases.map((p, i) => timelinePhase(p, i + 1)).join('\n')}`
    : 'The work proceeds in a logical sequence: site preparation, the main work, and a final inspection and clean-up.'
  const dates = span ?? 'Exact start and completion dates will be confirmed with you once the estimate is approved and materials are ordered.'
  const heard = timingDiscussed(f.meetingNotes) ? 'The schedule will be planned around the timing you mentioned in our meeting.' : null
  return paragraphs([sequence, dates, heard, fl.scheduling])
}

function qaNotes(f: EstimateFacts, o: ComposeOptions): string {
  const fl = flavourOf(f)
  const opening = `${weAre(f)} committed to quality workmanship on every project. Our quality process for this ${f.projectType ? `${inline(f.projectType)} ` : ''}project includes:`
  const checks = fl.checks.map((c) => `- ${c}`).join('\n')
  const checkpoints = f.phases.length > 1 ? `Quality checkpoints are held at the end of each phase: ${listOf(f.phases.map((p) => inline(p.name)))}.` : null
  const hasSubs = f.sections.some((s) => s.items.some((i) => i.costType === 'Subcontractor'))
  const subs = hasSubs ? `Work by specialist subcontractors is supervised by ${f.company.name ?? 'our team'} and held to the same standard.` : null
  const attention = f.specialFeatures ? 'Particular attention will be paid to the special requirements of this project.' : null
  const contact = [f.company.phone, f.company.email].filter(Boolean)
  const reach = contact.length
    ? `Questions about quality or workmanship can be directed to ${we(f) === 'We' ? 'us' : we(f)} at ${listOf(contact as string[])}.`
    : null
  return paragraphs([
    `${opening}\n${checks}`,
    [checkpoints, subs].filter(Boolean).join(' '),
    attention,
    o.detailed ? fl.care : null,
    [licenceSentence(f), reach].filter(Boolean).join(' '),
  ])
}

const COMPOSERS: Record<ContentSectionType, (f: EstimateFacts, o: ComposeOptions) => string> = {
  executive_summary: executiveSummary,
  project_overview: projectOverview,
  scope_of_work: scopeOfWork,
  timeline,
  qa_notes: qaNotes,
}

export const SECTION_TITLES: Record<ContentSectionType, string> = {
  executive_summary: 'Executive Summary',
  project_overview: 'Project Overview',
  scope_of_work: 'Scope of Work',
  timeline: 'Timeline Considerations',
  qa_notes: 'Quality Assurance Notes',
}

export function composeSection(type: ContentSectionType, facts: EstimateFacts, options: ComposeOptions = {}): string {
  return COMPOSERS[type](facts, options)
}

/** Used by the reply's honesty: the total the writer quoted. */
export const quotedAmount = (f: EstimateFacts) => money(quotedTotal(f))
