import type { ContentSectionType } from '@plumbline/contracts'
import type { EstimateFacts } from '../../domain/estimate-facts.js'
import { listOf, sentence, sentencesOf } from '../../domain/format.js'
import { composeSection, quotedAmount, SECTION_TITLES } from './compose-sections.js'

// The built-in writer's chat: a fixed set of edits recognised from the request's wording
// (shorter, longer, more formal, friendlier, bullets, prose, add/mention, remove, replace,
// rewrite). It applies what it recognised, says exactly what it did, and proposes nothing when
// it understood nothing. No model is involved, and the reply says so when that matters.

export type ChatEditResult = { reply: string; proposedContent: string | null }
type Ctx = { type: ContentSectionType; facts: EstimateFacts }
type Applied = { text: string; note: string }
type Edit = { name: string; match: (clause: string) => RegExpExecArray | null; apply: (text: string, m: RegExpExecArray, ctx: Ctx) => Applied }

const words = (text: string) => (text.match(/\S+/g) ?? []).length
const isBullet = (line: string) => /^\s*(?:[-*•]|\d+\.)\s+/.test(line)

function shorter(text: string): Applied {
  const blocks = text.split(/\n{2,}/)
  const out = blocks.map((block) => {
    const lines = block.split('\n')
    if (lines.some(isBullet)) {
      const head = lines.filter((l) => !isBullet(l))
      const bullets = lines.filter(isBullet)
      return [...head, ...bullets.slice(0, 4)].join('\n')
    }
    const s = sentencesOf(block)
    return s.slice(0, Math.max(1, Math.ceil(s.length / 2))).join(' ')
  })
  // Long texts also lose their later paragraphs, keeping the opening ones that carry the substance.
  const kept = out.length > 3 ? out.slice(0, Math.ceil(out.length * 0.6)) : out
  const next = kept.join('\n\n')
  return { text: next, note: `shortened it from ${words(text)} to ${words(next)} words, keeping the opening of each paragraph` }
}

function longer(text: string, ctx: Ctx): Applied {
  const full = composeSection(ctx.type, ctx.facts, { detailed: true })
  const have = text.toLowerCase()
  const extra = full.split(/\n{2,}/).filter((p) => !have.includes(p.toLowerCase().slice(0, 60)))
  if (!extra.length) return { text, note: 'looked for more detail to add, but the estimate has no further data this section does not already cover' }
  return {
    text: `${text}\n\n${extra.join('\n\n')}`,
    note: `added ${extra.length === 1 ? 'a paragraph' : `${extra.length} paragraphs`} of detail from the estimate's data`,
  }
}

const FORMAL: [RegExp, string][] = [
  [/\bwon't\b/gi, 'will not'],
  [/\bcan't\b/gi, 'cannot'],
  [/n't\b/gi, ' not'],
  [/\b(\w+)'ll\b/gi, '$1 will'],
  [/\b(\w+)'re\b/gi, '$1 are'],
  [/\b(\w+)'ve\b/gi, '$1 have'],
  [/\bI'm\b/g, 'I am'],
  [/\b(it|that|there|what)'s\b/gi, '$1 is'],
  [/\blet's\b/gi, 'let us'],
  [/\bhi\b|\bhey\b/gi, 'Dear'],
  [/\ba lot of\b|\blots of\b/gi, 'considerable'],
  [/\bget in touch\b/gi, 'contact us'],
  [/\bstuff\b/gi, 'materials'],
  [/\bgreat\b/gi, 'excellent'],
  [/\bkind of\b|\bsort of\b/gi, 'somewhat'],
  [/!/g, '.'],
]

function formal(text: string): Applied {
  let next = text
  for (const [re, to] of FORMAL) next = next.replace(re, to)
  next = next.replace(/ {2,}/g, ' ')
  return {
    text: next,
    note:
      next === text
        ? 'checked the tone: it is already formal (no contractions or casual wording to change)'
        : 'made the tone more formal (contractions written out, casual wording replaced)',
  }
}

const FRIENDLY: [RegExp, string][] = [
  [/\bwe will\b/g, "we'll"],
  [/\bWe will\b/g, "We'll"],
  [/\bdo not\b/g, "don't"],
  [/\bit is\b/g, "it's"],
  [/\bIt is\b/g, "It's"],
  [/\bwe are\b/g, "we're"],
  [/\bWe are\b/g, "We're"],
  [/\byou will\b/g, "you'll"],
  [/\bcannot\b/g, "can't"],
]
function friendly(text: string): Applied {
  let next = text
  for (const [re, to] of FRIENDLY) next = next.replace(re, to)
  const thanks = 'Thank you for the opportunity to work with you.'
  if (!next.includes(thanks)) next = `${next}\n\n${thanks}`
  return { text: next, note: 'made the tone warmer and more conversational, and added a thank-you' }
}

function bullets(text: string): Applied {
  const out = text.split(/\n{2,}/).map((block) =>
    block.split('\n').some(isBullet)
      ? block
      : sentencesOf(block)
          .map((s) => `- ${s}`)
          .join('\n'),
  )
  return { text: out.join('\n\n'), note: 'turned the sentences into bullet points' }
}

function prose(text: string): Applied {
  const out = text.split(/\n{2,}/).map((block) =>
    block
      .split('\n')
      .map((l) => sentence(l.replace(/^\s*(?:[-*•]|\d+\.)\s+/, '').trim()))
      .join(' '),
  )
  return { text: out.join('\n\n'), note: 'turned the bullet points into running prose' }
}

/** Sentences for topics contractors commonly ask to add; `null` means the user's topic is used as is. */
function topicSentence(topic: string, ctx: Ctx, statement: boolean): { text: string; known: boolean } {
  const f = ctx.facts
  const who = f.company.name ?? 'We'
  const t = topic.toLowerCase()
  if (/warrant|guarantee/.test(t))
    return {
      known: true,
      text: `All workmanship is backed by ${f.company.name ? `${f.company.name}'s` : 'our'} warranty, and manufacturer warranties on materials are passed on to you; the warranty terms are provided in writing with the final invoice.`,
    }
  if (/permit|inspection/.test(t))
    return {
      known: true,
      text: `${who === 'We' ? 'We obtain' : `${who} obtains`} the permits the work requires and ${who === 'We' ? 'arrange' : 'arranges'} the required inspections.`,
    }
  if (/clean|debris|waste|tidy/.test(t))
    return { known: true, text: 'The site is cleaned at the end of each working day, and all debris and waste are removed when the work is complete.' }
  if (/insur/.test(t))
    return {
      known: true,
      text: `${who} ${who === 'We' ? 'carry' : 'carries'} liability insurance for the work, and proof of coverage is available on request.`,
    }
  if (/licen[cs]/.test(t))
    return {
      known: true,
      text: f.company.license ? `All work is carried out under contractor licence ${f.company.license}.` : 'All work is carried out by a licensed contractor.',
    }
  if (/payment|deposit|invoice|pay\b|financ/.test(t))
    return { known: true, text: 'Payment terms, including any deposit and progress payments, are set out in the agreement you sign before work begins.' }
  if (/safety|safe\b/.test(t))
    return { known: true, text: 'Safety comes first on site: work areas are secured, and everyone on site follows our safety procedures.' }
  if (/total|cost|price|budget/.test(t) && quotedAmount(f)) return { known: true, text: `The total for this estimate is ${quotedAmount(f)}.` }
  if (/schedul|timeline|start|duration/.test(t))
    return { known: true, text: 'Start and completion dates will be confirmed with you once the estimate is approved.' }
  if (/weather|rain|season/.test(t))
    return { known: true, text: 'Outdoor work depends on suitable weather; if conditions delay the work, we will let you know and reschedule promptly.' }
  const subject = topic.replace(/[.!?]+$/, '').trim()
  // "add that the crew arrives at 8am" (or a long request) is a statement: added in the user's words.
  if (statement || words(subject) >= 6) return { known: false, text: sentence(subject[0].toUpperCase() + subject.slice(1)) }
  return { known: false, text: `This estimate also takes ${subject} into account.` }
}

function add(text: string, m: RegExpExecArray, ctx: Ctx): Applied {
  const topic = m[2].trim()
  const { text: line, known } = topicSentence(topic, ctx, m[1]?.toLowerCase() === 'that')
  if (text.includes(line)) return { text, note: `left the sentence about ${topic} as it was: it is already there` }
  const blocks = text.trim() ? text.split(/\n{2,}/) : []
  const last = blocks[blocks.length - 1] ?? ''
  // Appended to the last paragraph when it is prose, else as a paragraph of its own.
  if (last && !last.split('\n').some(isBullet)) blocks[blocks.length - 1] = `${last} ${line}`
  else blocks.push(line)
  const note = known
    ? `added a sentence about ${topic}`
    : `added a sentence about ${topic} in general terms (the built-in writer knows only what the estimate says, so please check it says what you mean)`
  return { text: blocks.join('\n\n'), note }
}

const STOP = new Set(['the', 'a', 'an', 'of', 'about', 'to', 'and', 'or', 'in', 'on', 'part', 'sentence', 'sentences', 'line', 'mention', 'bit', 'any', 'all'])
function remove(text: string, m: RegExpExecArray): Applied {
  const topic = m[1]
    .trim()
    .replace(/[.!?]+$/, '')
    .replace(/^(?:the|any|all)?\s*(?:sentences?|lines?|parts?|bits?|mentions?|paragraphs?|references?)?\s*(?:about|of|on|mentioning|regarding)?\s+/i, '')
  const keys = topic
    .toLowerCase()
    .split(/\W+/)
    .filter((w) => w.length > 2 && !STOP.has(w))
  if (!keys.length) return { text, note: `could not tell what to remove from "${topic}"` }
  let removed = 0
  const keep = (s: string) => {
    const hit = keys.some((k) => s.toLowerCase().includes(k))
    if (hit) removed++
    return !hit
  }
  const out = text
    .split(/\n{2,}/)
    .map((block) => {
      const lines = block.split('\n')
      if (lines.some(isBullet)) return lines.filter((l) => !isBullet(l) || keep(l)).join('\n')
      return sentencesOf(block).filter(keep).join(' ')
    })
    .filter((b) => b.trim())
  if (!removed) return { text, note: `found nothing mentioning "${topic}" to remove` }
  return { text: out.join('\n\n'), note: `removed ${removed === 1 ? 'the sentence' : `${removed} sentences or lines`} mentioning "${topic}"` }
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
function replace(text: string, m: RegExpExecArray): Applied {
  const from = m[1].trim()
  const to = m[2].trim().replace(/[.!]+$/, '')
  const re = new RegExp(escapeRegExp(from), 'gi')
  const count = (text.match(re) ?? []).length
  if (!count) return { text, note: `found no "${from}" to replace` }
  return { text: text.replace(re, to), note: `replaced "${from}" with "${to}" (${count === 1 ? 'once' : `${count} times`})` }
}

const rewrite = (_text: string, _m: RegExpExecArray, ctx: Ctx): Applied => ({
  text: composeSection(ctx.type, ctx.facts),
  note: "rewrote the section from the estimate's current data",
})

const re = (pattern: RegExp) => (clause: string) => pattern.exec(clause)
// Order matters: a rewrite starts from fresh text, removals and replacements before shortening,
// and additions last so that shortening cannot cut the sentence that was asked for.
const EDITS: Edit[] = [
  { name: 'rewrite', match: re(/\b(regenerate|rewrite|re-write|start over|from scratch|redo|refresh)\b/i), apply: rewrite },
  { name: 'replace', match: re(/\b(?:replace|change|swap)\s+["“']?(.+?)["”']?\s+(?:with|to|for|by)\s+["“']?(.+?)["”']?\s*$/i), apply: replace },
  { name: 'remove', match: re(/\b(?:remove|delete|drop|take out|get rid of|omit|cut out)\b\s+(.+)$/i), apply: remove },
  {
    name: 'shorter',
    match: re(/\b(short|shorter|shorten|concise|brief|briefer|trim|condense|tighten|less wordy|too long|summari[sz]e)\b/i),
    apply: (t) => shorter(t),
  },
  {
    name: 'longer',
    match: re(/\b(longer|expand|more detail(?:ed)?|elaborate|flesh out|more thorough|too short|lengthen)\b/i),
    apply: (t, _m, c) => longer(t, c),
  },
  {
    name: 'formal',
    match: (c) => (/\b(informal|less formal)\b/i.test(c) ? null : /\b(formal|professional|polished|business-like|businesslike)\b/i.exec(c)),
    apply: (t) => formal(t),
  },
  { name: 'friendly', match: re(/\b(friendl\w*|casual|informal|less formal|warmer|warm|conversational|personal)\b/i), apply: (t) => friendly(t) },
  { name: 'bullets', match: re(/\b(bullet\w*|bulleted|list form|as a list|into a list|points)\b/i), apply: (t) => bullets(t) },
  { name: 'prose', match: re(/\b(paragraphs?|prose|no bullets|full sentences)\b/i), apply: (t) => prose(t) },
  {
    name: 'add',
    match: re(
      /\b(?:add|mention|include|insert|note|say|state|talk about|write about)\b(?:\s+(?:a|an|one|another|some|short))?(?:\s+(?:sentence|line|note|paragraph|something|bit|word|words|mention))?\s*(?:(about|on|regarding|that|re|of)\s+)?(.{2,})$/i,
    ),
    apply: add,
  },
]

/** Splits "make it shorter and mention the warranty" into its requests; "and" splits only before a verb. */
function clauses(message: string): string[] {
  return message
    .split(
      /\s*(?:[;\n]|[.!?](?=\s|$)|,\s*(?:and\s+|then\s+)?(?=(?:make|add|mention|include|remove|delete|drop|replace|change|turn|use|put|write|rewrite|shorten|expand|please|also)\b)|\b(?:and\s+then|then|and\s+also|also|and)\b\s+(?=(?:make|add|mention|include|remove|delete|drop|replace|change|turn|use|put|write|rewrite|shorten|expand|please)\b))\s*/i,
    )
    .map((c) => c.trim())
    .filter(Boolean)
}

function answerQuestion(message: string, ctx: Ctx): string | null {
  if (!/\?\s*$|^(what|how|when|where|who|is|are|does|do|can)\b/i.test(message.trim())) return null
  const f = ctx.facts
  const m = message.toLowerCase()
  if (/total|cost|price|budget|how much/.test(m) && quotedAmount(f)) return `The estimate's total is ${quotedAmount(f)}.`
  if (/address|where|location/.test(m) && f.propertyAddress) return `The property is at ${f.propertyAddress}.`
  if (/client|who/.test(m) && f.clientName) return `The estimate is prepared for ${f.clientName}.`
  if (/phase/.test(m) && f.phases.length) return `The estimate has ${f.phases.length} phases: ${listOf(f.phases.map((p) => p.name))}.`
  if (/square|size|footage/.test(m) && f.squareFootage) return `The project covers about ${f.squareFootage.toLocaleString('en-US')} square feet.`
  return null
}

const HELP =
  'I can make it shorter or longer, more formal or friendlier, turn it into bullet points or prose, add a sentence about a topic (for example "mention the warranty"), remove or replace wording, or rewrite it from the estimate\'s data.'

/** Applies the edits a chat message asks for to the section's current text. */
export function builtInChatEdit(input: { type: ContentSectionType; facts: EstimateFacts; currentText: string; message: string }): ChatEditResult {
  const ctx: Ctx = { type: input.type, facts: input.facts }
  const base = input.currentText.trim() ? input.currentText.trim() : composeSection(input.type, input.facts)
  const started = input.currentText.trim() ? null : `The ${SECTION_TITLES[input.type]} section was empty, so I first wrote it from the estimate's data.`
  const found: { edit: Edit; m: RegExpExecArray }[] = []
  for (const clause of clauses(input.message)) {
    for (const edit of EDITS) {
      const m = edit.match(clause)
      if (m && !found.some((x) => x.edit.name === edit.name)) {
        found.push({ edit, m })
        // One clause, one edit: "add a sentence about safety" must not also match "bullet points".
        if (edit.name === 'add' || edit.name === 'remove' || edit.name === 'replace') break
      }
    }
  }
  found.sort((a, b) => EDITS.indexOf(a.edit) - EDITS.indexOf(b.edit))
  if (!found.length) {
    const answer = answerQuestion(input.message, ctx)
    if (answer) return { reply: `${answer} I have not changed the text. ${HELP}`, proposedContent: started ? base : null }
    return {
      reply: `${started ? `${started} ` : ''}I am the built-in writer (no external AI) and could not match that request to an edit I can make, so I ${started ? 'made no further changes' : 'left the text unchanged'}. ${HELP}`,
      proposedContent: started ? base : null,
    }
  }
  let text = base
  const notes: string[] = []
  for (const { edit, m } of found) {
    const r = edit.apply(text, m, ctx)
    text = r.text
    notes.push(r.note)
  }
  const changed = text.trim() !== input.currentText.trim()
  const did = `I ${listOf(notes)}.`
  return {
    reply: [started, did, changed ? 'Review the proposed text below and apply it if it reads right.' : 'The text is unchanged.'].filter(Boolean).join(' '),
    proposedContent: changed ? text.trim() : null,
  }
}
