import {
  parseRichText,
  previewOf,
  type RichBlock,
  type RichDocument,
  type RichInline,
  type RichList,
  type RichText as RichTextRun,
  shouldCollapse,
} from '@plumbline/contracts/rich-text'
import { ChevronDown, ChevronUp } from 'lucide-react'
import * as React from 'react'
import { cn } from '../lib/utils'
import { Button } from './button'

// Draws the tree of @plumbline/contracts/rich-text, the same one the PDF draws. Every string
// reaches the page as a React text child (escaped); the only attribute taken from the text is a
// link's href, which the parser allows only for absolute http(s) and mailto URLs.

/** The tree is rebuilt whole from its text, so a node's position is its identity. */
function keyed<T>(nodes: T[], draw: (node: T) => React.ReactNode): React.ReactNode[] {
  // biome-ignore lint/suspicious/noArrayIndexKey: positions in a tree parsed afresh from the text are stable keys
  return nodes.map((node, i) => <React.Fragment key={i}>{draw(node)}</React.Fragment>)
}

function Run({ run }: { run: RichTextRun }) {
  let node: React.ReactNode = run.text
  if (run.italic) node = <em>{node}</em>
  if (run.bold) node = <strong className="font-semibold text-foreground">{node}</strong>
  if (run.href)
    node = (
      <a href={run.href} target="_blank" rel="noopener noreferrer nofollow ugc" className="text-primary underline underline-offset-2 hover:no-underline">
        {node}
      </a>
    )
  return node
}

function Inline({ content }: { content: RichInline[] }) {
  return keyed(content, (n) => (n.type === 'break' ? <br /> : <Run run={n} />))
}

/** Bullets change shape with depth, as they do in the PDF. */
const BULLETS = ['list-disc', 'list-[circle]', 'list-[square]']

function List({ list, depth }: { list: RichList; depth: number }) {
  const items = keyed(list.items, (item) => (
    <li className="pl-1">
      <Inline content={item.content} />
      {item.list ? <List list={item.list} depth={depth + 1} /> : null}
    </li>
  ))
  const className = cn('space-y-1 pl-5 marker:text-muted-foreground', depth > 0 && 'mt-1', list.ordered ? 'list-decimal' : BULLETS[depth % BULLETS.length])
  return list.ordered ? (
    <ol className={className} start={list.start === 1 ? undefined : list.start}>
      {items}
    </ol>
  ) : (
    <ul className={className}>{items}</ul>
  )
}

function Block({ block }: { block: RichBlock }) {
  if (block.type === 'list') return <List list={block} depth={0} />
  if (block.type === 'paragraph')
    return (
      <p>
        <Inline content={block.content} />
      </p>
    )
  const { Tag, className } = HEADINGS[block.level]
  return (
    <Tag className={cn('pt-1', className)}>
      <Inline content={block.content} />
    </Tag>
  )
}

const HEADINGS = {
  1: { Tag: 'h4', className: 'text-[1.07em] font-semibold text-foreground' },
  2: { Tag: 'h5', className: 'font-semibold text-foreground' },
  3: { Tag: 'h6', className: 'font-medium text-foreground/80' },
} as const

/** A parsed document: headings, paragraphs and lists, with bold, italic, links and line breaks. */
export function RichDocumentView({ doc, className, ...props }: { doc: RichDocument } & React.HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cn('space-y-2.5 break-words [overflow-wrap:anywhere]', className)} {...props}>
      {keyed(doc, (block) => (
        <Block block={block} />
      ))}
    </div>
  )
}

/**
 * Content-section text as every screen shows it. `collapsible` applies spec 001 §9: over 500
 * characters or 5 lines it starts as a 150-character preview (formatting kept) with Show more.
 */
export function RichText({ text, collapsible = false, ...props }: { text: string; collapsible?: boolean } & React.HTMLAttributes<HTMLDivElement>) {
  const doc = React.useMemo(() => parseRichText(text), [text])
  const [expanded, setExpanded] = React.useState(false)
  const collapses = collapsible && shouldCollapse(text)
  const shown = React.useMemo(() => (collapses && !expanded ? previewOf(doc) : doc), [collapses, expanded, doc])
  if (!collapses) return <RichDocumentView doc={doc} {...props} />
  return (
    <div>
      <RichDocumentView doc={shown} {...props} />
      <Button variant="link" size="sm" className="mt-1 h-auto px-0" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded}>
        {expanded ? <ChevronUp /> : <ChevronDown />}
        {expanded ? 'Show less' : 'Show more'}
      </Button>
    </div>
  )
}
