import type { MeetingActionItem } from '@plumbline/contracts'
import { resolveDueDate } from './due-dates.js'
import type { TranscriptSentence } from './sentences.js'
import { contentWords, STOP_WORDS } from './stop-words.js'

// Commitments are found by their grammar: a person, a word that binds them to a future act
// ("will", "'ll", "is going to", "needs to", "to" as in minutes: "Mike to confirm …") and a verb.
// Talk about the past ("we talked about the permit", "Sarah sent it"), hedges ("would",
// "could"), negations and questions bind nobody and are left out.

/** Who said they would do it: the sentence's speaker ("I", "we", "let's"), a name, or nobody known. */
type OwnerRef = { kind: 'speaker' } | { kind: 'name'; name: string } | { kind: 'unknown' }
/** `lead`: words said before the first commitment ("By Friday, Sarah will …"), where a due date may be. */
type Commitment = { owner: OwnerRef; task: string; lead: string }

const NAME_WORD = "[A-Z][a-z]+(?:'[A-Z][a-z]+)?"
const NAME = `${NAME_WORD}(?:\\s+${NAME_WORD})?(?:\\s+and\\s+${NAME_WORD})?`
// Lower-case "i" too: offline recognisers write everything in lower case.
const SUBJECT = `(?<subject>[Ii]|[Ww]e|[Yy]ou|[Hh]e|[Ss]he|[Tt]hey|${NAME})`
const BINDING =
  "(?:'ll|'m going to|'re going to|'s going to|'m gonna|'re gonna|'s gonna|'ve got to|\\s+(?:will|shall|(?:am|is|are) going to|(?:am|is|are) gonna|needs? to|ha(?:ve|s) to|must|should|(?:ha(?:ve|s) )?got to|gotta))"
// Words between the binding word and the act that change nothing about who does what.
const ON_THE_WAY =
  '(?:(?:also|just|then|definitely|certainly|first|quickly|actually|really|still|probably|go ahead and|try to|try and|need to|have to|be able to|make sure to)\\s+)*'
const ACT = '(?<act>[a-z][a-z-]*)\\b'

const STATED = new RegExp(`\\b${SUBJECT}${BINDING},?\\s+${ON_THE_WAY}${ACT}`, 'g')
const LETS = new RegExp(`\\b[Ll]et's\\s+${ON_THE_WAY}${ACT}`, 'g')
// Minutes style, only where a clause starts, so "went to Home Depot to buy nails" is not Home Depot's job.
const MINUTES = new RegExp(`(?:^|[;:]\\s*)(?<subject>${NAME})\\s+to\\s+${ACT}`, 'g')
const PLEASE = new RegExp(`^(?:(?<subject>${NAME}),\\s+)?[Pp]lease\\s+${ACT}`, 'g')
const LABELLED = /^(?:action items?|to-?dos?|follow[- ]ups?|next steps?|tasks?)(?:\s+for\s+(?<subject>[A-Z][a-z]+|me|us))?\s*[:–—-]\s*(?<rest>.+)$/i

// Verbs after "will" that are no act: states, opinions and the weather ("we'll see", "it'll be fine").
const NO_ACT = new Set(
  'be been being see think know like love want wish wonder guess hope feel forget have not never probably maybe the a an this that it'.split(' '),
)

// Capitalised words that start sentences but name nobody.
const NOT_NAMES = new Set([
  'the',
  'it',
  'this',
  'that',
  'there',
  'these',
  'those',
  'everyone',
  'everybody',
  'someone',
  'somebody',
  'nobody',
  'anyone',
  'crew',
  'team',
])

// A clause that only supposes the act ("if we need to replace the decking, …") commits nobody.
const SUPPOSED = /\b(?:if|unless|whether|in case|don't think|not sure|doubt|wonder if|in the past|last (?:week|time|year)|yesterday)\b/i

const SPEAKER_SUBJECTS = new Set(['i', 'we', 'me', 'us'])

function ownerOf(subject: string | undefined): OwnerRef | null {
  if (!subject) return { kind: 'unknown' }
  const lower = subject.toLowerCase()
  if (SPEAKER_SUBJECTS.has(lower)) return { kind: 'speaker' }
  if (['you', 'he', 'she', 'they'].includes(lower)) return { kind: 'unknown' }
  const words = subject.split(/\s+/).filter((w) => w !== 'and')
  if (words.some((w) => NOT_NAMES.has(w.toLowerCase()) || STOP_WORDS.has(w.toLowerCase()))) return null
  return { kind: 'name', name: subject }
}

// "…by Friday and Sarah calls the adjuster": another person's clause, though not a commitment we read.
const NEXT_CLAUSE = new RegExp(`,?\\s+(?:and|but|then)\\s+${SUBJECT}(?:'ll|\\s+(?:will|can|should|must|has|is|are)\\b|\\s+[a-z]+s\\b)`)

/** The act as a task title: its verb first, capitalised, no trailing "and"/punctuation. */
function taskText(act: string, rest: string): string {
  const text = `${act}${rest.split(NEXT_CLAUSE)[0]}`
    .replace(/\s+/g, ' ')
    .replace(/[\s,;:.!]+$/, '')
    .replace(/(?:,\s*|\s+)(?:and|but|so|then)$/i, '')
    .replace(/[\s,;:]+$/, '')
    .trim()
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`
}

// "…by Friday, right?": the tag asks for agreement, the sentence still commits.
const withoutTagQuestion = (text: string) => text.replace(/,?\s*(?:right|okay|ok|yeah|correct|alright)\?$/i, '.')

// Openers that are capitalised at a sentence's start and would otherwise pass for a name ("Okay Sarah will …").
const withoutOpeners = (text: string) =>
  text.replace(/^(?:(?:so|and|but|okay|ok|alright|all right|yeah|yes|right|well|now|then|also|great|good|sure|perfect|cool|oh)\b[,.!]?\s+)+/i, '')

/** `index`: where the commitment starts; `end`: where its act's verb ends. */
type Found = { index: number; end: number; owner: OwnerRef; act: string }

function matchesOf(pattern: RegExp, text: string): Found[] {
  const found: Found[] = []
  for (const m of text.matchAll(pattern)) {
    const { subject, act = '' } = m.groups ?? {}
    const owner = pattern === LETS ? ({ kind: 'speaker' } as const) : ownerOf(subject)
    if (!owner || NO_ACT.has(act) || SUPPOSED.test(text.slice(0, m.index))) continue
    found.push({ index: m.index, end: m.index + m[0].length, owner, act })
  }
  return found
}

/** The commitments one sentence makes; several when it makes several ("I'll order the shingles and Mike will book the dumpster"). */
export function commitmentsIn(sentence: string): Commitment[] {
  const text = withoutOpeners(withoutTagQuestion(sentence.replace(/’/g, "'").trim()))
  if (text.endsWith('?')) return []
  const labelled = LABELLED.exec(text)
  if (labelled) {
    const { subject, rest = '' } = labelled.groups ?? {}
    const inner = commitmentsIn(rest)
    if (inner.length) return inner
    const task = rest.trim()
    return [{ owner: ownerOf(subject) ?? { kind: 'unknown' }, task: taskText(task.charAt(0).toLowerCase(), task.slice(1)), lead: '' }]
  }
  const found = [STATED, LETS, MINUTES, PLEASE]
    .flatMap((p) => matchesOf(p, text))
    .sort((a, b) => a.index - b.index)
    .filter((f, i, all) => f.index !== all[i - 1]?.index)
  return (
    found
      .map((f, i) => {
        // Each commitment ends where the next one's subject starts.
        const next = found[i + 1]
        const rest = text.slice(f.end, next?.index)
        return { owner: f.owner, task: taskText(f.act, rest), lead: i === 0 ? text.slice(0, f.index) : '' }
      })
      // "I'll send it", "we'll check": an act with nothing named to act on is no task anyone can follow up.
      .filter((c) => contentWords(c.task.replace(/^\S+\s*/, '')).length >= 1)
  )
}

function resolveOwner(owner: OwnerRef, speaker: string | null): string | null {
  if (owner.kind === 'name') return owner.name
  if (owner.kind === 'speaker') return speaker
  return null
}

/** The words that make two items the same task, whoever wrote it down when. */
const taskKey = (text: string) => new Set(contentWords(text))

const isSubset = (a: Set<string>, b: Set<string>) => [...a].every((w) => b.has(w))

/**
 * Two items are the same task when one's words contain the other's and their owners do not
 * differ ("Sarah will send the permit by Friday" … "so Sarah sends the permit" in the recap).
 */
function sameTask(a: MeetingActionItem, b: MeetingActionItem): boolean {
  if (a.owner && b.owner && a.owner.toLowerCase() !== b.owner.toLowerCase()) return false
  const ka = taskKey(a.text)
  const kb = taskKey(b.text)
  return isSubset(ka, kb) || isSubset(kb, ka)
}

/** One of two same tasks: the fuller text, with what the other knew that it did not. */
function merge(kept: MeetingActionItem, other: MeetingActionItem): MeetingActionItem {
  const fuller = taskKey(other.text).size > taskKey(kept.text).size ? other : kept
  return { ...fuller, owner: fuller.owner ?? kept.owner ?? other.owner, dueDate: fuller.dueDate ?? kept.dueDate ?? other.dueDate }
}

export const MAX_ACTION_ITEMS = 50

/**
 * The action items of a transcript: every commitment, with its owner (a name, or the speaker for
 * "I"/"we" when the transcript knows speakers), its due date resolved against the meeting's date
 * and the segment it was said in. The same task said twice is listed once.
 */
export function findActionItems(sentences: readonly TranscriptSentence[], meetingDate: string): MeetingActionItem[] {
  const items: MeetingActionItem[] = []
  for (const sentence of sentences) {
    for (const { owner, task, lead } of commitmentsIn(sentence.text)) {
      const item: MeetingActionItem = {
        text: task.slice(0, 300),
        owner: resolveOwner(owner, sentence.speaker),
        dueDate: resolveDueDate(task, meetingDate) ?? resolveDueDate(lead, meetingDate),
        sourceSegmentIndex: sentence.segmentIndex,
      }
      const twin = items.find((existing) => sameTask(existing, item))
      if (twin) items[items.indexOf(twin)] = merge(twin, item)
      else if (items.length < MAX_ACTION_ITEMS) items.push(item)
    }
  }
  return items
}
