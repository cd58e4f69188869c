import { Card, cn, PageBody, PageHeader, Progress, Spinner } from '@plumbline/ui'
import { useNewEstimateBlockedReason } from '@plumbline/web'
import type * as React from 'react'
import { useNavigate } from 'react-router'
import { useDocumentTitle } from '../../components/use-document-title'
import { WIZARD_PROGRESS, type WizardStep } from './wizard-storage'

const STEP_TITLES: Record<WizardStep, string> = { 1: 'Project Type', 2: 'Property Details', 3: 'Client Information' }
const STEP_HINTS: Record<WizardStep, string> = {
  1: 'What kind of project is this estimate for?',
  2: 'Where is the work? Validate the address to pull in property facts.',
  3: 'Who is the estimate for, and what does it cost?',
}

/** Frame of every wizard step: header, 'Step N of 3', title and the progress bar. */
export function WizardLayout({ step, children, footer }: { step: WizardStep; children: React.ReactNode; footer?: React.ReactNode }) {
  const navigate = useNavigate()
  useDocumentTitle(`New Estimate · Step ${step} of 3`)
  return (
    <>
      <PageHeader
        title="New Estimate"
        description="Step-by-step estimate wizard"
        onNewEstimate={() => navigate('/cost-estimator?new=1')}
        newEstimateBlockedReason={useNewEstimateBlockedReason()}
      />
      <PageBody className="max-w-3xl">
        <div className="mb-5 space-y-3">
          <ol className="flex items-center gap-2 text-xs font-medium" aria-label="Wizard steps">
            {([1, 2, 3] as const).map((s) => (
              <li key={s} className="flex items-center gap-2" aria-current={s === step ? 'step' : undefined}>
                <span
                  className={cn(
                    'flex size-6 items-center justify-center rounded-full border text-[11px] font-semibold',
                    s < step && 'border-primary bg-primary text-primary-foreground',
                    s === step && 'border-primary text-primary',
                    s > step && 'text-muted-foreground',
                  )}
                >
                  {s}
                </span>
                <span className={cn('hidden sm:inline', s === step ? 'text-foreground' : 'text-muted-foreground')}>{STEP_TITLES[s]}</span>
                {s < 3 ? <span aria-hidden="true" className="mx-1 h-px w-6 bg-border sm:w-10" /> : null}
              </li>
            ))}
          </ol>
          <div className="flex items-end justify-between gap-3">
            <div>
              <p className="text-sm font-medium text-primary">Step {step} of 3</p>
              <h2 className="text-xl font-semibold tracking-tight">{STEP_TITLES[step]}</h2>
              <p className="mt-0.5 text-sm text-muted-foreground">{STEP_HINTS[step]}</p>
            </div>
            <span className="text-sm font-medium tabular-nums text-muted-foreground">{WIZARD_PROGRESS[step]}%</span>
          </div>
          <Progress value={WIZARD_PROGRESS[step]} max={100} aria-label={`Step ${step} of 3`} />
        </div>
        <Card className="overflow-hidden">
          <div className="space-y-6 p-5 sm:p-6">{children}</div>
          {footer ? <div className="flex flex-col-reverse gap-2 border-t bg-muted/30 px-5 py-4 sm:flex-row sm:justify-between sm:px-6">{footer}</div> : null}
        </Card>
      </PageBody>
    </>
  )
}

/** Shown while a step has no stored data yet (it is redirecting). */
export function WizardLoading() {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-sm text-muted-foreground">
      <Spinner label="Loading" />
      <p>Loading...</p>
    </div>
  )
}
