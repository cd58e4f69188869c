import { deflateSegments, gzipOfSegments } from '@plumbline/service-kit'
import type { HeldSections, SectionsRead } from './sections-repo.js'
import type { Versioned, VersionedMemo } from './versioned-memo.js'

/** One section's JSON within a document, and its deflate segment once the document was gzipped. */
export type SectionPart = { id: string; version: string; json: Buffer; deflated?: Buffer }

/**
 * An estimate's sections as the response body: JSON's UTF-8 bytes, kept as bytes so a send
 * neither re-encodes ~200 kB nor allocates it again, and gzipped once a client asked for that.
 * The body is the sections' parts joined; a new version of the document reuses every part whose
 * section did not change, and its gzip reuses their deflate segments (500 line items are ~220 kB
 * of JSON and ~27 kB gzipped; an edit of one line item rebuilds and recompresses one section).
 */
export type SectionsDocument = { body: Buffer; parts: SectionPart[]; gzip?: Buffer }
/** Sections documents remembered by sections version (see EstimateSectionsVersion). */
export type SectionsDocuments = VersionedMemo<SectionsDocument>

/** Parts' JSON are views into the body; their deflate segments are buffers of their own. */
export const sectionsDocumentBytes = (document: SectionsDocument) =>
  document.body.length + (document.gzip?.length ?? 0) + document.parts.reduce((sum, p) => sum + (p.deflated?.length ?? 0), 0)

/** What a remembered document holds, as readSections takes it. */
export const heldSections = (document: Versioned<SectionsDocument>): HeldSections => ({
  version: document.version,
  sections: document.value.parts.map(({ id, version }) => ({ id, version })),
})

const OPEN = Buffer.from('[')
const COMMA = Buffer.from(',')
const CLOSE = Buffer.from(']')

/** The document a read describes: the sections it built as read, the others from the held document. */
export function sectionsDocumentFrom(read: SectionsRead, held?: SectionsDocument): SectionsDocument {
  const heldParts = new Map(held?.parts.map((p) => [p.id, p]))
  const parts = read.sections.map((section): SectionPart => {
    if (section.json !== null) return { id: section.id, version: section.version, json: Buffer.from(section.json) }
    const part = heldParts.get(section.id)
    // readSections leaves out only the JSON of a section held at its current version.
    if (part?.version !== section.version) throw new Error(`section ${section.id} came without JSON but is not held at version ${section.version}`)
    return part
  })
  return joinParts(parts)
}

function joinParts(parts: SectionPart[]): SectionsDocument {
  const body = Buffer.concat(
    interleave(
      OPEN,
      COMMA,
      CLOSE,
      parts.map((p) => p.json),
    ),
  )
  // Each part keeps a view into the new body, so the document holds every section's bytes once.
  let offset = OPEN.length
  const viewed = parts.map((part, i) => {
    offset += i === 0 ? 0 : COMMA.length
    const json = body.subarray(offset, offset + part.json.length)
    offset += part.json.length
    return { ...part, json }
  })
  return { body, parts: viewed }
}

const interleave = <T>(open: T, comma: T, close: T, items: T[]): T[] => [open, ...items.flatMap((item, i) => (i === 0 ? [item] : [comma, item])), close]

/**
 * The punctuation's deflate segments, made once per process: three more deflate calls per new
 * version, for a few bytes, doubled the estimates service's full collections under the bench's
 * cold detail reads (--trace-gc: 177 mark-compacts against 89 in the same run).
 */
let punctuation: Promise<Buffer[]> | undefined
const punctuationSegments = () => (punctuation ??= deflateSegments([OPEN, COMMA, CLOSE]))

/** The document with its gzip: only parts without a deflate segment are compressed. */
export async function withGzip(document: SectionsDocument): Promise<SectionsDocument> {
  if (document.gzip) return document
  const stale = document.parts.filter((p) => !p.deflated)
  const [[open, comma, close], fresh] = await Promise.all([punctuationSegments(), deflateSegments(stale.map((p) => p.json))])
  const made = new Map(stale.map((part, i) => [part.id, fresh[i]]))
  const parts = document.parts.map((part) => (part.deflated ? part : { ...part, deflated: made.get(part.id) }))
  const segments = interleave(
    open,
    comma,
    close,
    parts.map((p) => p.deflated as Buffer),
  )
  return { body: document.body, parts, gzip: gzipOfSegments(document.body, segments) }
}
