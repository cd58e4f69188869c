import { Button, Card, EmptyState, PageBody, PageHeader, Tabs, TabsContent, TabsList, TabsTrigger, toast } from '@plumbline/ui'
import { AlertTriangle, RefreshCw } from 'lucide-react'
import * as React from 'react'
import { useDetailedHealth, useMonitoringMetrics } from '../api'
import { ErrorsTab } from './errors-tab'
import { shownStatus } from './format'
import { HealthTab } from './health-tab'
import { MetricsTab } from './metrics-tab'
import { OverviewTab } from './overview-tab'
import { StatusBadge } from './status-badge'

export const REFRESH_FAILED = 'Failed to refresh monitoring data'

/** Spec 001 §2 Monitoring: Overview, Health Checks, Metrics, Recent Errors and a Refresh button. */
export function MonitoringPage() {
  const health = useDetailedHealth()
  const metrics = useMonitoringMetrics()
  const [refreshing, setRefreshing] = React.useState(false)
  React.useEffect(() => {
    document.title = 'System Monitoring · Plumbline'
  }, [])

  const refresh = async () => {
    setRefreshing(true)
    const [h, m] = await Promise.all([health.refetch(), metrics.refetch()])
    setRefreshing(false)
    if (h.isError || m.isError) toast({ variant: 'destructive', title: 'Error', description: REFRESH_FAILED })
  }

  const nothingLoaded = !health.data && !metrics.data && (health.isError || metrics.isError)
  const updatedAt = health.dataUpdatedAt ? new Date(health.dataUpdatedAt).toLocaleTimeString() : null
  return (
    <>
      <PageHeader
        title="System Monitoring"
        description="Health checks, metrics and recent errors across every service"
        hideNotifications
        actions={
          <Button variant="outline" onClick={refresh} disabled={refreshing} aria-label="Refresh">
            <RefreshCw className={refreshing ? 'animate-spin' : undefined} />
            <span className="hidden sm:inline">Refresh</span>
          </Button>
        }
      />
      <PageBody className="space-y-4">
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span>Overall</span>
          <StatusBadge status={shownStatus(health.data?.status)} />
          {updatedAt ? <span>updated {updatedAt}; health every 30 s, metrics every 60 s</span> : null}
        </div>
        {nothingLoaded ? (
          <Card>
            <EmptyState
              icon={<AlertTriangle />}
              title={REFRESH_FAILED}
              description="The monitoring service did not answer. Try again in a moment."
              action={<Button onClick={refresh}>Retry</Button>}
            />
          </Card>
        ) : (
          <Tabs defaultValue="overview">
            <TabsList className="h-auto max-w-full flex-wrap justify-start">
              <TabsTrigger value="overview">Overview</TabsTrigger>
              <TabsTrigger value="health">Health Checks</TabsTrigger>
              <TabsTrigger value="metrics">Metrics</TabsTrigger>
              <TabsTrigger value="errors">Recent Errors</TabsTrigger>
            </TabsList>
            <TabsContent value="overview">
              <OverviewTab health={health.data} metrics={metrics.data} />
            </TabsContent>
            <TabsContent value="health">
              <HealthTab health={health.data} />
            </TabsContent>
            <TabsContent value="metrics">
              <MetricsTab metrics={metrics.data} />
            </TabsContent>
            <TabsContent value="errors">
              <ErrorsTab metrics={metrics.data} />
            </TabsContent>
          </Tabs>
        )}
      </PageBody>
    </>
  )
}
