import type { MeetingActionItem } from '@plumbline/contracts'
import { dueDateIn } from './due-dates.js'
import type { Sentence } from './sentences.js'

// Action items are commitments: someone will do something. Found from the sentence's shape:
//   "Action item: call the adjuster" / "TODO: …"          (an explicit marker)
//   "Sarah will send the permit by Friday" / "Sarah'll …"  (a named person and will/needs to/is going to)
//   "Mike to confirm the dumpster by 12/15"                 (minutes style: name + to + verb)
//   "I'll order the shingles tomorrow" / "We need to …" / "Let's schedule …"
// Talk about things ("we talked about the permit") and predictions ("it will rain") are not.

const MARKER = /^(?:action item|action|todo|to-do|to do|follow[- ]up|next step)s?\s*[:-]\s*(.+)$/i
const NOT_A_PERSON = new Set(['it', 'that', 'this', 'there', 'which', 'what', 'who', 'weather', 'price', 'cost', 'roof', 'job', 'work', 'permit', 'inspection'])
const COMMIT = "(?:will|'ll|shall|needs? to|has to|have to|must|is going to|are going to|am going to|'m going to|'re going to|should)"
const LEAD_IN = '(?:(?:[Ss]o|[Aa]nd|[Oo]k(?:ay)?|[Tt]hen|[Aa]lso|[Rr]ight|[Ww]ell),?\\s+)?'
const NAMED = new RegExp(`^${LEAD_IN}([A-Z][a-z]+(?: [A-Z][a-z]+)?)\\s*${COMMIT}\\s+(?!be\\b|not\\b|probably\\b)([a-z].*)$`)
const SELF = new RegExp(`^${LEAD_IN}(I|we|We)\\s*${COMMIT}\\s+(?!be\\b|not\\b|probably\\b)([a-z].*)$`, 'i')
const MINUTES = /^([A-Z][a-z]+) to ([a-z]+ .+)$/
const LETS = /^(?:(?:so|and|ok(?:ay)?|then),?\s+)?let'?s\s+(?!see\b|say\b|talk\b|go over\b|just\b)([a-z].*)$/i
const VERBISH =
  /^(send|call|order|schedule|book|email|confirm|check|get|bring|pick|drop|finish|start|review|sign|pay|submit|prepare|follow|draft|update|share|measure|inspect|fix|replace|install|arrange|set|ask|tell|find|buy|remove|clean|quote|write|file|contact|meet|look|talk|reach)\b/i

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
const tidy = (text: string) =>
  capitalise(
    text
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[,;:]+$/, ''),
  )

type Found = { text: string; owner: string | null }

/** The commitment a sentence makes, or null. */
export function commitmentIn(sentence: Sentence): Found | null {
  const text = sentence.text.trim()
  const marked = MARKER.exec(text)
  if (marked) return { text: tidy(marked[1]), owner: null }
  const named = NAMED.exec(text)
  if (named && !NOT_A_PERSON.has(named[1].toLowerCase()) && !/^(I|We)$/i.test(named[1])) return { text: tidy(text), owner: named[1] }
  const self = SELF.exec(text)
  if (self) return { text: tidy(text), owner: self[1].toLowerCase() === 'i' ? sentence.speaker : null }
  const minutes = MINUTES.exec(text)
  if (minutes && VERBISH.test(minutes[2]) && !NOT_A_PERSON.has(minutes[1].toLowerCase())) return { text: tidy(text), owner: minutes[1] }
  const lets = LETS.exec(text)
  if (lets && VERBISH.test(lets[1])) return { text: tidy(text), owner: null }
  return null
}

/** Every commitment of the transcript once, with its owner, due date and source segment. */
export function extractActionItems(sentences: readonly Sentence[], meetingDate: string): MeetingActionItem[] {
  const seen = new Set<string>()
  const items: MeetingActionItem[] = []
  for (const sentence of sentences) {
    const found = commitmentIn(sentence)
    if (!found) continue
    const key = found.text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
    if (seen.has(key)) continue
    seen.add(key)
    items.push({ text: found.text, owner: found.owner, dueDate: dueDateIn(sentence.text, meetingDate), sourceSegmentIndex: sentence.segmentIndex })
  }
  return items
}
