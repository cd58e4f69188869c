/**
 * The create/update flow of spec 000 §4: 1 validate, 2 create (or update), 3 set up phases and
 * the chosen template, 4 AI generation, 5 AI done, 6 finalise. Four steps are shown; the bar is
 * step / 4 × 100, capped at 100 (so steps 4 to 6 all show a full bar).
 */
export type FlowStep = 0 | 1 | 2 | 3 | 4 | 5 | 6
export type FlowMode = 'create' | 'edit'

export const VISIBLE_STEPS = ['Validate', 'Create', 'Setup', 'Complete'] as const

export function stepLabels(mode: FlowMode): string[] {
  return mode === 'edit' ? ['Validate', 'Update', 'Setup', 'Complete'] : [...VISIBLE_STEPS]
}

export function progressValue(step: FlowStep): number {
  return Math.min(100, (step / 4) * 100)
}

/** Which of the four shown steps a flow step belongs to (AI work is part of Setup). */
export function visibleIndex(step: FlowStep): number {
  if (step <= 1) return 0
  if (step === 2) return 1
  if (step <= 5) return 2
  return 3
}

export function stepState(index: number, step: FlowStep): 'done' | 'current' | 'pending' {
  const v = visibleIndex(step)
  if (index < v) return 'done'
  if (index === v) return step === 6 ? 'done' : 'current'
  return 'pending'
}

export function statusText(step: FlowStep, mode: FlowMode): string {
  switch (step) {
    case 0:
    case 1:
      return 'Validating your information...'
    case 2:
      return mode === 'edit' ? 'Saving your changes...' : 'Creating your estimate...'
    case 3:
      return 'Setting up project phases and template...'
    case 4:
      return 'Generating AI content...'
    case 5:
      return 'AI content generated.'
    case 6:
      return mode === 'edit' ? 'Estimate updated!' : 'Estimate created!'
  }
}

/** Spec 000 §9: pauses of 500 ms after AI success and 300 ms before finalising. */
export const AI_SUCCESS_PAUSE_MS = 500
export const FINALISE_PAUSE_MS = 300
