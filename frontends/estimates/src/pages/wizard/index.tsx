import WizardStep1 from './step1'
import WizardStep2 from './step2'
import WizardStep3 from './step3'
import type { WizardStep } from './wizard-storage'

/** The 3-step wizard (spec 001 §2): one chunk for all steps, so moving between them never waits. */
export default function WizardPage({ step }: { step: WizardStep }) {
  if (step === 1) return <WizardStep1 />
  if (step === 2) return <WizardStep2 />
  return <WizardStep3 />
}
