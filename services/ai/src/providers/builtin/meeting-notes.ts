// Meeting notes are contractor-only (the detail page says "only you can see these"), yet the
// sections written from them reach the client's PDF and public page. So the writer lets the notes
// shape the text without ever copying them: it recognises which topics the meeting touched and
// names them in its own fixed words. Nothing of the transcript itself is ever emitted.

type Topic = { test: RegExp; phrase: string }

const TIMING: Topic = {
  test: /\b(deadline|before|by the|weeks?|months?|schedule|start|finish(ed)? by|complete(d)? by|asap|spring|summer|autumn|fall|winter|holidays?)\b/i,
  phrase: 'the timing you need',
}

const TOPICS: readonly Topic[] = [
  TIMING,
  { test: /\b(budget|afford|cost|price|spend|expensive|cheap)\b/i, phrase: 'your budget' },
  {
    test: /\b(colou?rs?|materials?|finish|finishes|match|style|look|shingles?|tiles?|wood|stone|quartz|paint)\b/i,
    phrase: 'your choice of materials and finishes',
  },
  { test: /\b(concern(ed)?|worried|worry|leak(s|ing)?|damage|problem|issue|risk)\b/i, phrase: 'the concerns you raised' },
  { test: /\b(keep|preserve|protect|avoid|existing)\b/i, phrase: 'what is to be kept and protected' },
  { test: /\b(warranty|guarantee)\b/i, phrase: 'warranty cover' },
  { test: /\b(access|parking|pets?|kids|children|noise|neighbou?rs?|working hours)\b/i, phrase: 'access and working around your household' },
]

/** The topics the notes touch, in a fixed order, as the writer's own phrases (never the notes' words). */
export function discussedTopics(notes: string | null, max = TOPICS.length): string[] {
  if (!notes) return []
  return TOPICS.filter((t) => t.test.test(notes))
    .slice(0, max)
    .map((t) => t.phrase)
}

/** Whether the notes talk about timing (deadlines, seasons, start dates). */
export const timingDiscussed = (notes: string | null): boolean => !!notes && TIMING.test.test(notes)
