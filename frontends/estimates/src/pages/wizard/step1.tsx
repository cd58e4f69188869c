import type { ProjectType } from '@plumbline/contracts'
import { Button } from '@plumbline/ui'
import { useActiveOrganization, useAuth } from '@plumbline/web'
import { ArrowLeft, ArrowRight } from 'lucide-react'
import * as React from 'react'
import { useNavigate } from 'react-router'
import { useProjectTypes } from '../../components/api/queries'
import { ProjectTypeGrid } from '../../components/project-type/project-type-grid'
import { WizardLayout } from './wizard-layout'
import { clearWizardData, loadWizardData, updateWizardData, WIZARD_PATHS } from './wizard-storage'

/** Spec 001 §7: a user without organisations is fetched again after a second (a new sign-up's org may lag). */
function useRefetchUserWithoutOrganization() {
  const { user, refetch } = useAuth()
  const missing = !!user && (user.organizations?.length ?? 0) === 0
  React.useEffect(() => {
    if (!missing) return
    const t = setTimeout(() => void refetch(), 1000)
    return () => clearTimeout(t)
  }, [missing, refetch])
}

export default function WizardStep1() {
  const navigate = useNavigate()
  const { isLoading: authLoading } = useAuth()
  const org = useActiveOrganization()
  useRefetchUserWithoutOrganization()
  const types = useProjectTypes(org?.id)
  const [selected, setSelected] = React.useState<{ id: string; name: string; icon?: string | null } | null>(() => loadWizardData()?.projectType ?? null)

  const choose = (t: ProjectType) => setSelected({ id: t.id, name: t.name, icon: t.icon })
  const onContinue = () => {
    if (!selected) return
    const prev = loadWizardData()
    // A different type makes an earlier suggested project name stale.
    const typeChanged = prev?.projectType?.id && prev.projectType.id !== selected.id
    updateWizardData({ step: 1, projectType: selected, ...(typeChanged ? { projectName: '' } : {}) })
    navigate(WIZARD_PATHS[2])
  }
  const onBack = () => {
    clearWizardData()
    navigate('/')
  }

  return (
    <WizardLayout
      step={1}
      footer={
        <>
          <Button variant="outline" onClick={onBack}>
            <ArrowLeft /> Back to Dashboard
          </Button>
          <Button onClick={onContinue} disabled={!selected}>
            Continue <ArrowRight />
          </Button>
        </>
      }
    >
      <ProjectTypeGrid
        hasOrganization={authLoading || !!org}
        isLoading={authLoading || types.isLoading}
        error={types.error}
        projectTypes={types.data}
        value={selected?.id}
        onChange={choose}
        className="lg:grid-cols-2"
      />
    </WizardLayout>
  )
}
