import { Button, Card, EmptyState } from '@plumbline/ui'
import { Building2, RotateCw } from 'lucide-react'

/** Spec 001 §2: a user with no organisation yet. */
export function NoOrganization() {
  return (
    <Card role="alert">
      <EmptyState
        icon={<Building2 />}
        title="No organization found. Your organization may still be loading."
        action={
          <Button variant="outline" onClick={() => window.location.reload()}>
            <RotateCw /> Refresh
          </Button>
        }
      />
    </Card>
  )
}
