import * as React from 'react'
import { useNavigate } from 'react-router'
import { loadWizardData, type WizardData, type WizardStep, wizardRedirect } from './wizard-storage'

/** Reads the stored wizard data and redirects when this step may not be shown yet. */
export function useWizardGuard(step: WizardStep): WizardData | null {
  const navigate = useNavigate()
  const [data] = React.useState(() => loadWizardData())
  const target = wizardRedirect(step, data)
  React.useEffect(() => {
    if (target) navigate(target, { replace: true })
  }, [target, navigate])
  return target ? null : data
}
