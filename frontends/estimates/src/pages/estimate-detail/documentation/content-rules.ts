import type { ContentSectionType } from '@plumbline/contracts'

/** Human titles of the five documentation sections, in display order. */
export const CONTENT_SECTION_TITLES: Record<ContentSectionType, string> = {
  executive_summary: 'Executive Summary',
  project_overview: 'Project Overview',
  scope_of_work: 'Scope of Work',
  timeline: 'Timeline',
  qa_notes: 'Q&A Notes',
}

/** Spec 001 §4: a change is saved only when the trimmed text differs from the existing text. */
export function contentChanged(draft: string, existing: string | null | undefined): boolean {
  return draft.trim() !== (existing ?? '')
}

/** Spec 001 §6: clients see a section only when showToClient is set, and never the Q&A notes. */
export function visibleToClient(type: ContentSectionType, showToClient: boolean | undefined): boolean {
  return type !== 'qa_notes' && showToClient !== false
}
