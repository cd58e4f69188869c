import type { ContentSectionType } from '@plumbline/contracts'

/** Human titles of the five documentation sections, in display order. */
export const CONTENT_SECTION_TITLES: Record<ContentSectionType, string> = {
  executive_summary: 'Executive Summary',
  project_overview: 'Project Overview',
  scope_of_work: 'Scope of Work',
  timeline: 'Timeline',
  qa_notes: 'Q&A Notes',
}

/** Spec 001 §9: collapse above 500 characters or 5 lines; the collapsed preview is 150 characters. */
export const COLLAPSE_MAX_CHARS = 500
export const COLLAPSE_MAX_LINES = 5
export const PREVIEW_CHARS = 150

export function shouldCollapse(content: string | null | undefined): boolean {
  if (!content) return false
  return content.length > COLLAPSE_MAX_CHARS || content.split(/\r\n|\r|\n/).length > COLLAPSE_MAX_LINES
}

/** The first 150 characters, with an ellipsis when something was cut. */
export function contentPreview(content: string): string {
  return content.length > PREVIEW_CHARS ? `${content.slice(0, PREVIEW_CHARS).trimEnd()}…` : content
}

/** Spec 001 §4: a change is saved only when the trimmed text differs from the existing text. */
export function contentChanged(draft: string, existing: string | null | undefined): boolean {
  return draft.trim() !== (existing ?? '')
}

/** Spec 001 §6: clients see a section only when showToClient is set, and never the Q&A notes. */
export function visibleToClient(type: ContentSectionType, showToClient: boolean | undefined): boolean {
  return type !== 'qa_notes' && showToClient !== false
}
