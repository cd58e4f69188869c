import type { Versioned, VersionedMemo } from './versioned-memo.js'

/** A list page's answer as JSON bytes, and its gzip once a client asked for it. */
export type ListPageBody = { body: Buffer; gzip?: Buffer }
/** List pages' answers by page version (see usecases/list-estimates.ts). */
export type ListPages = VersionedMemo<ListPageBody>
/** An answer and the key it is remembered under (the route keeps its gzip there too). */
export type ListAnswer = Versioned<ListPageBody> & { key: string }

export const listPageBytes = (page: ListPageBody) => 200 + page.body.length + (page.gzip?.length ?? 0)
