import type { PropertyData } from '@plumbline/contracts'

/** Spec 001 §3: the wizard keeps its data for the browser session under one key. */
export const WIZARD_STORAGE_KEY = 'plumbline.estimateWizard'

export const WIZARD_PATHS = { 1: '/estimate-wizard-step1', 2: '/estimate-wizard-step2', 3: '/estimate-wizard-step3' } as const
export type WizardStep = 1 | 2 | 3

/** Progress bar per step (spec 001 §2: 33, 66, 100). */
export const WIZARD_PROGRESS: Record<WizardStep, number> = { 1: 33, 2: 66, 3: 100 }

export type WizardData = {
  /** The last step completed with Continue (0 when none). */
  step: number
  projectType?: { id: string; name: string; icon?: string | null }
  propertyAddress?: string
  squareFootage?: string
  propertyData?: PropertyData | null
  addressValidated?: boolean
  clientName?: string
  clientEmail?: string
  projectName?: string
  totalCost?: string
}

function store(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null
  } catch {
    return null // storage disabled (privacy mode): the wizard still works within one page
  }
}

export function loadWizardData(storage: Storage | null = store()): WizardData | null {
  const raw = storage?.getItem(WIZARD_STORAGE_KEY)
  if (!raw) return null
  try {
    const data = JSON.parse(raw) as unknown
    if (!data || typeof data !== 'object' || Array.isArray(data)) return null
    const d = data as WizardData
    return { ...d, step: typeof d.step === 'number' && Number.isFinite(d.step) ? d.step : 0 }
  } catch {
    return null
  }
}

export function saveWizardData(data: WizardData, storage: Storage | null = store()): void {
  storage?.setItem(WIZARD_STORAGE_KEY, JSON.stringify(data))
}

/** Merges into the stored data; `step` only moves forward unless given lower on purpose. */
export function updateWizardData(patch: Partial<WizardData>, storage: Storage | null = store()): WizardData {
  const prev = loadWizardData(storage) ?? { step: 0 }
  const next: WizardData = { ...prev, ...patch, step: Math.max(prev.step, patch.step ?? 0) }
  saveWizardData(next, storage)
  return next
}

export function clearWizardData(storage: Storage | null = store()): void {
  storage?.removeItem(WIZARD_STORAGE_KEY)
}

/**
 * Where a step must send the user instead of rendering (spec 001 §2): step 2 needs saved data
 * (a chosen type), step 3 needs data and a saved step of at least 2. Null: stay.
 */
export function wizardRedirect(step: WizardStep, data: WizardData | null): string | null {
  if (step === 1) return null
  if (!data?.projectType?.id) return WIZARD_PATHS[1]
  if (step === 3 && data.step < 2) return WIZARD_PATHS[2]
  return null
}

/** Step 3's property summary: only the first comma-separated part of the address. */
export function shortAddress(address: string | null | undefined): string {
  return (address ?? '').split(',')[0].trim()
}
