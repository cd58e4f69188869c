import { Button, Card, EmptyState } from '@plumbline/ui'
import { ArrowLeft, FileX2 } from 'lucide-react'
import { useNavigate } from 'react-router'

/** Spec 001 §2: a missing or forbidden estimate shows "Estimate Not Found" with a back button. */
export function EstimateNotFound() {
  const navigate = useNavigate()
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-10">
      <Card className="w-full max-w-md overflow-hidden">
        <div className="h-1 w-full bg-gradient-to-r from-primary via-primary/60 to-amber" />
        <EmptyState
          icon={<FileX2 />}
          title="Estimate Not Found"
          description="The estimate you are looking for does not exist or you do not have access to it."
          action={
            <Button onClick={() => navigate('/cost-estimator')}>
              <ArrowLeft />
              Back to Estimates
            </Button>
          }
        />
      </Card>
    </div>
  )
}
