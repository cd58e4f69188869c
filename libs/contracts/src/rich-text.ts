// The one reading of content-section text (AI-written or typed), shared by the detail page, the
// public share page and the PDF so that all three show the same thing. The text is a small
// Markdown subset, parsed into a typed tree; each surface draws the tree and nothing else, so no
// markup in the text is ever handed to a browser or a PDF as markup (no raw HTML, ever).
//
// The subset:
// - `#`, `##`, `###`… headings (levels taken relative to the shallowest one in the text, at most 3);
// - paragraphs, separated by blank lines; a single newline inside one is a line break (people
//   type addresses and short lists that way, and the web always showed them so);
// - `- `, `* `, `+ `, `• ` bullets and `1. ` / `1) ` numbered lists (keeping the first number),
//   nested by indenting two or more spaces, three levels at most; an indented line continues the item;
// - `**bold**` / `__bold__`, `*italic*` / `_italic_`, nested (CommonMark's flanking rules: an
//   underscore inside a word, as in snake_case, stays as typed); a backslash escapes punctuation;
// - `[label](url)` links only to absolute http(s) and mailto addresses; any other target
//   (javascript:, data:, relative paths) keeps its label as plain text and loses the target;
// - `---` / `***` rules end a block and draw nothing.
// Anything else (HTML tags, code fences, tables, images) stays as the characters typed.
// Parsing is linear in the length of the text, whatever it holds.

export type RichText = {
  type: 'text'
  text: string
  bold?: true
  italic?: true
  /** Only ever an absolute http:, https: or mailto: URL (see safeHref). */
  href?: string
}
export type RichBreak = { type: 'break' }
export type RichInline = RichText | RichBreak
export type RichListItem = { content: RichInline[]; list?: RichList }
export type RichList = { type: 'list'; ordered: boolean; start: number; items: RichListItem[] }
export type RichHeading = { type: 'heading'; level: 1 | 2 | 3; content: RichInline[] }
export type RichParagraph = { type: 'paragraph'; content: RichInline[] }
export type RichBlock = RichHeading | RichParagraph | RichList
export type RichDocument = RichBlock[]

/** Nesting deeper than this is read as the deepest level (a list inside a list inside a list). */
export const MAX_LIST_DEPTH = 3

// ---------------------------------------------------------------------------------------------
// Inline: emphasis, links, escapes and line breaks.

const ESCAPABLE = /[!-/:-@[-`{-~]/
const isSpace = (c: string) => /\s/.test(c)
const isPunct = (c: string) => /[\p{P}\p{S}]/u.test(c)

/** An absolute http(s) or mailto URL, normalised; null for anything else. */
export function safeHref(raw: string): string | null {
  if (!/^(https?:\/\/|mailto:)/i.test(raw) || /[\s\p{Cc}]/u.test(raw)) return null
  try {
    const url = new URL(raw)
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:' ? url.href : null
  } catch {
    return null
  }
}

type Delim = { kind: 'delim'; ch: '*' | '_'; length: number; left: number; open: boolean; close: boolean }
type Token = { kind: 'text'; text: string } | { kind: 'break' } | Delim | { kind: 'link'; label: string; href: string | null }

/** Longer targets are not links (and the scan for one stays short, whatever the text holds). */
const MAX_TARGET = 2048

/** `[label](target)` at `at`: no brackets or line breaks in the label, no spaces or parentheses in the target. */
function linkAt(src: string, at: number): { label: string; href: string | null; end: number } | null {
  let close = at + 1
  while (close < src.length && src[close] !== '[' && src[close] !== ']' && src[close] !== '\n') close++
  if (close === at + 1 || src[close] !== ']' || src[close + 1] !== '(') return null
  const from = close + 2
  let end = from
  while (end < src.length && end - from <= MAX_TARGET && !/[\s()]/.test(src[end])) end++
  if (end === from || src[end] !== ')') return null
  return { label: src.slice(at + 1, close), href: safeHref(src.slice(from, end)), end: end + 1 }
}

function delimiterAt(src: string, at: number): Delim & { end: number } {
  const ch = src[at] as '*' | '_'
  let end = at
  while (src[end] === ch) end++
  const before = at > 0 ? src[at - 1] : ' '
  const after = end < src.length ? src[end] : ' '
  const leftFlanking = !isSpace(after) && (!isPunct(after) || isSpace(before) || isPunct(before))
  const rightFlanking = !isSpace(before) && (!isPunct(before) || isSpace(after) || isPunct(after))
  // An underscore inside a word (snake_case) neither opens nor closes.
  const open = ch === '*' ? leftFlanking : leftFlanking && (!rightFlanking || isPunct(before))
  const close = ch === '*' ? rightFlanking : rightFlanking && (!leftFlanking || isPunct(after))
  return { kind: 'delim', ch, length: end - at, left: end - at, open, close, end }
}

/** The token at `at` and where the next one starts; null for an ordinary character. */
function tokenAt(src: string, at: number): { token: Token; end: number } | null {
  const c = src[at]
  if (c === '\n') return { token: { kind: 'break' }, end: at + 1 }
  if (c === '*' || c === '_') {
    const { end, ...delim } = delimiterAt(src, at)
    return { token: delim, end }
  }
  const link = c === '[' ? linkAt(src, at) : null
  return link ? { token: { kind: 'link', label: link.label, href: link.href }, end: link.end } : null
}

function tokenize(src: string): Token[] {
  const tokens: Token[] = []
  let text = ''
  let i = 0
  while (i < src.length) {
    if (src[i] === '\\' && i + 1 < src.length && ESCAPABLE.test(src[i + 1])) {
      text += src[i + 1]
      i += 2
      continue
    }
    const next = tokenAt(src, i)
    if (!next) {
      text += src[i++]
      continue
    }
    if (text) tokens.push({ kind: 'text', text })
    text = ''
    tokens.push(next.token)
    i = next.end
  }
  if (text) tokens.push({ kind: 'text', text })
  return tokens
}

type Span = { from: number; to: number; bold: boolean }

/** CommonMark's rule of three: a run that can both open and close pairs only when the lengths allow it. */
function pairs(opener: Delim, closer: Delim): boolean {
  if (opener.ch !== closer.ch) return false
  const either = (opener.open && opener.close) || (closer.open && closer.close)
  return !either || (opener.length + closer.length) % 3 !== 0 || (opener.length % 3 === 0 && closer.length % 3 === 0)
}

/**
 * Pairs each closer with the nearest opener it may pair with (CommonMark's process); openers in
 * between are dropped. A search that finds nothing remembers how far down it looked, so no opener
 * is looked at again by a closer of the same kind: the whole pass stays linear.
 */
function matchEmphasis(tokens: Token[]): Span[] {
  const spans: Span[] = []
  const openers: number[] = []
  const floors = new Map<string, number>()
  const shrinkTo = (length: number) => {
    openers.length = length
    for (const [key, floor] of floors) if (floor > length) floors.set(key, length)
  }
  tokens.forEach((d, t) => {
    if (d.kind !== 'delim') return
    while (d.close && d.left > 0) {
      const key = `${d.ch}${d.open}${d.length % 3}`
      const floor = floors.get(key) ?? 0
      let k = openers.length - 1
      while (k >= floor && !pairs(tokens[openers[k]] as Delim, d)) k--
      if (k < floor) {
        floors.set(key, openers.length)
        break
      }
      shrinkTo(k + 1)
      const opener = tokens[openers[k]] as Delim
      const use = opener.left >= 2 && d.left >= 2 ? 2 : 1
      opener.left -= use
      d.left -= use
      spans.push({ from: openers[k], to: t, bold: use === 2 })
      if (opener.left === 0) shrinkTo(k)
    }
    if (d.open && d.left > 0) openers.push(t)
  })
  return spans
}

type Style = { bold: boolean; italic: boolean; href?: string }

function pushText(out: RichInline[], text: string, style: Style): void {
  if (!text) return
  const last = out[out.length - 1]
  if (last?.type === 'text' && !!last.bold === style.bold && !!last.italic === style.italic && last.href === style.href) {
    last.text += text
    return
  }
  out.push({
    type: 'text',
    text,
    ...(style.bold ? { bold: true } : {}),
    ...(style.italic ? { italic: true } : {}),
    ...(style.href ? { href: style.href } : {}),
  })
}

function inline(src: string, outer: Style, out: RichInline[]): void {
  const tokens = tokenize(src)
  const depth = { bold: new Array<number>(tokens.length + 1).fill(0), italic: new Array<number>(tokens.length + 1).fill(0) }
  for (const s of matchEmphasis(tokens)) {
    const d = s.bold ? depth.bold : depth.italic
    d[s.from + 1]++
    d[s.to]--
  }
  let bold = 0
  let italic = 0
  tokens.forEach((token, t) => {
    bold += depth.bold[t]
    italic += depth.italic[t]
    const style: Style = { bold: outer.bold || bold > 0, italic: outer.italic || italic > 0, href: outer.href }
    if (token.kind === 'text') pushText(out, token.text, style)
    else if (token.kind === 'delim') pushText(out, token.ch.repeat(token.left), style)
    else if (token.kind === 'break') out.push({ type: 'break' })
    else inline(token.label, { ...style, href: token.href ?? undefined }, out)
  })
}

/** Inline content of one paragraph, heading or list item (lines joined by "\n" become breaks). */
export function parseInline(src: string): RichInline[] {
  const out: RichInline[] = []
  inline(src, { bold: false, italic: false }, out)
  return out
}

// ---------------------------------------------------------------------------------------------
// Blocks: headings, paragraphs, lists.

const BULLET = /^([-*+•])[ \t]+(\S.*)$/
const NUMBERED = /^(\d{1,9})[.)][ \t]+(\S.*)$/
const RULE = /^([-*_])(?:[ \t]*\1){2,}[ \t]*$/

/** Leading spaces, a tab counting as four. */
function indentOf(line: string): number {
  let n = 0
  for (const c of line) {
    if (c === ' ') n++
    else if (c === '\t') n += 4 - (n % 4)
    else break
  }
  return n
}

/** `## Title ##` → [2, 'Title'] for a trimmed line; null when it is no heading. Written out, not as one regex, to stay linear. */
function headingOf(line: string): [hashes: number, text: string] | null {
  let hashes = 0
  while (line[hashes] === '#') hashes++
  if (hashes === 0 || hashes > 6 || (hashes < line.length && line[hashes] !== ' ' && line[hashes] !== '\t')) return null
  let text = line.slice(hashes).trim()
  let end = text.length
  while (end > 0 && text[end - 1] === '#') end--
  if (end === 0) text = ''
  else if (end < text.length && (text[end - 1] === ' ' || text[end - 1] === '\t')) text = text.slice(0, end).trimEnd()
  return [hashes, text]
}

type Pending = { type: 'heading'; hashes: number; text: string }
type OpenLevel = { list: RichList; indent: number }

/** Parses content-section text into the tree every surface draws. */
export function parseRichText(source: string): RichDocument {
  const blocks: (RichParagraph | RichList | Pending)[] = []
  // Inline content is parsed once a block's lines are all known (emphasis may span a line break).
  const lines = new Map<RichParagraph | RichListItem, string[]>()
  let paragraph: RichParagraph | null = null
  // The open list, one entry per nesting depth.
  let levels: OpenLevel[] = []

  const addItem = (indent: number, ordered: boolean, start: number, text: string) => {
    while (levels.length > 1 && indent < levels[levels.length - 1].indent) levels.pop()
    const top = levels[levels.length - 1]
    if (top && indent >= top.indent + 2 && levels.length < MAX_LIST_DEPTH) {
      const parent = top.list.items[top.list.items.length - 1]
      parent.list ??= { type: 'list', ordered, start, items: [] }
      levels.push({ list: parent.list, indent })
    } else if (!top || (levels.length === 1 && top.list.ordered !== ordered)) {
      const list: RichList = { type: 'list', ordered, start, items: [] }
      blocks.push(list)
      levels = [{ list, indent }]
    }
    const item: RichListItem = { content: [] }
    levels[levels.length - 1].list.items.push(item)
    lines.set(item, [text])
  }

  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim()
    const indent = indentOf(raw)
    const heading = line ? headingOf(line) : null
    const item = BULLET.exec(line) ?? NUMBERED.exec(line)
    if (!line || RULE.test(line) || heading) {
      // A blank line ends a paragraph (a list goes on if an item or an indented line follows);
      // a rule or a heading ends both.
      paragraph = null
      if (line) levels = []
      if (heading?.[1]) blocks.push({ type: 'heading', hashes: heading[0], text: heading[1] })
    } else if (item) {
      paragraph = null
      const ordered = /^\d/.test(line)
      addItem(indent, ordered, ordered ? Number(item[1]) : 1, item[2])
    } else if (levels.length && indent >= 2) {
      const open = levels[levels.length - 1].list.items
      lines.get(open[open.length - 1])?.push(line)
    } else if (paragraph) {
      lines.get(paragraph)?.push(line)
    } else {
      // Text at the margin ends a list, even without the blank line a writer may have forgotten.
      levels = []
      paragraph = { type: 'paragraph', content: [] }
      blocks.push(paragraph)
      lines.set(paragraph, [line])
    }
  }
  for (const [node, text] of lines) node.content = parseInline(text.join('\n'))

  const shallowest = blocks.reduce((least, b) => (b.type === 'heading' ? Math.min(least, b.hashes) : least), 6)
  return blocks.map((b) =>
    b.type === 'heading' ? { type: 'heading', level: Math.min(3, b.hashes - shallowest + 1) as 1 | 2 | 3, content: parseInline(b.text) } : b,
  )
}

// ---------------------------------------------------------------------------------------------
// Reading the tree: plain text, and the collapsed preview (spec 001 §9).

const inlineText = (content: RichInline[]) => content.map((n) => (n.type === 'text' ? n.text : '\n')).join('')

function listText(list: RichList, depth: number): string[] {
  return list.items.flatMap((item, i) => [
    `${'  '.repeat(depth)}${list.ordered ? `${list.start + i}.` : '-'} ${inlineText(item.content)}`,
    ...(item.list ? listText(item.list, depth + 1) : []),
  ])
}

/** The words of the tree without its markup: blocks on their own lines (for summaries, search and tests). */
export function plainText(doc: RichDocument): string {
  return doc.map((b) => (b.type === 'list' ? listText(b, 0).join('\n') : inlineText(b.content))).join('\n')
}

/** Spec 001 §9: text over 500 characters or 5 lines starts collapsed to a 150-character preview. */
export const COLLAPSE_MAX_CHARS = 500
export const COLLAPSE_MAX_LINES = 5
export const PREVIEW_CHARS = 150

export function shouldCollapse(source: string | null | undefined): boolean {
  if (!source) return false
  return source.length > COLLAPSE_MAX_CHARS || source.split(/\r\n|\r|\n/).length > COLLAPSE_MAX_LINES
}

/** Cuts inline content to `budget` characters (a break counts one); answers what is left of the budget. */
function cutInline(content: RichInline[], budget: number): { content: RichInline[]; left: number } {
  const out: RichInline[] = []
  let left = budget
  for (const node of content) {
    if (left <= 0) break
    if (node.type === 'break') {
      out.push(node)
      left--
    } else {
      out.push({ ...node, text: node.text.slice(0, left) })
      left -= node.text.length
    }
  }
  return { content: out, left: Math.max(0, left) }
}

function cutList(list: RichList, budget: number): { list: RichList; left: number } {
  const items: RichListItem[] = []
  let left = budget
  for (const item of list.items) {
    if (left <= 0) break
    const cut = cutInline(item.content, left)
    left = cut.left - 1
    const next: RichListItem = { content: cut.content }
    if (item.list && left > 0) {
      const sub = cutList(item.list, left)
      next.list = sub.list
      left = sub.left
    }
    items.push(next)
  }
  return { list: { ...list, items }, left: Math.max(0, left) }
}

/** The last text node of the tree, where an ellipsis goes. */
function lastText(doc: RichDocument): RichText | undefined {
  const inlineLast = (content: RichInline[]) => content.findLast((n): n is RichText => n.type === 'text' && n.text.length > 0)
  const fromList = (list: RichList): RichText | undefined => {
    const item = list.items[list.items.length - 1]
    return (item?.list && fromList(item.list)) || (item && inlineLast(item.content))
  }
  const block = doc[doc.length - 1]
  return block && (block.type === 'list' ? fromList(block) : inlineLast(block.content))
}

/** Trailing breaks and spaces go, so the ellipsis sits right after the last word. */
function trimEnd(content: RichInline[]): RichInline[] {
  const out = [...content]
  while (out.length) {
    const last = out[out.length - 1]
    if (last.type === 'break' || !last.text.trimEnd()) out.pop()
    else {
      out[out.length - 1] = { ...last, text: last.text.trimEnd() }
      break
    }
  }
  return out
}

/** The block without its trailing whitespace (and items left empty by a cut); null when nothing is left. */
function trimBlock<B extends RichBlock>(block: B): B | null {
  if (block.type !== 'list') {
    const content = trimEnd(block.content)
    return content.length ? { ...block, content } : null
  }
  const items = [...block.items]
  while (items.length) {
    const item = items.pop() as RichListItem
    const list = item.list ? trimBlock(item.list) : null
    const content = list ? item.content : trimEnd(item.content)
    if (list || content.length) {
      items.push(list ? { content, list } : { content })
      break
    }
  }
  return items.length ? { ...block, items } : null
}

/**
 * The first `chars` characters of the tree (a line break or the end of a block counts one), with
 * its formatting, ending in "…" when anything was cut. Plain text previews exactly as it reads.
 */
export function previewOf(doc: RichDocument, chars = PREVIEW_CHARS): RichDocument {
  const out: RichDocument = []
  let left = chars
  for (const block of doc) {
    if (left <= 0) break
    if (block.type === 'list') {
      const cut = cutList(block, left)
      out.push(cut.list)
      left = cut.left
    } else {
      const cut = cutInline(block.content, left)
      out.push({ ...block, content: cut.content })
      left = cut.left - 1
    }
  }
  if (plainText(out).length >= plainText(doc).length) return doc
  // Only the last block was cut; blocks a cut left empty go with their whitespace.
  const trimmed = [...out]
  while (trimmed.length) {
    const last = trimBlock(trimmed.pop() as RichBlock)
    if (last) {
      trimmed.push(last)
      break
    }
  }
  const last = lastText(trimmed)
  if (last) last.text += '…'
  return trimmed
}
