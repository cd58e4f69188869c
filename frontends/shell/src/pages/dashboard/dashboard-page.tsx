import { Button, Card, cn, PageBody, PageHeader, Skeleton, Spinner } from '@plumbline/ui'
import { displayName, useActiveOrganization, useAuth, useDashboardMetrics } from '@plumbline/web'
import { AlertCircle, ArrowRight, ArrowUpRight, Building2, Calculator, FileText, Mic, Plus, RotateCw, TrendingUp, Video } from 'lucide-react'
import { Link, useNavigate } from 'react-router'
import { useCreateEstimateDialog } from '../../remotes/use-create-estimate-dialog'
import { BusinessInsightsCard } from './business-insights-card'

function MetricCard({
  title,
  value,
  change,
  caption,
  icon: Icon,
  onClick,
  loading,
  error,
  onRetry,
  tint,
}: {
  title: string
  value: number | undefined
  change: string
  caption: string
  icon: React.ComponentType<{ className?: string }>
  onClick: () => void
  loading: boolean
  error: boolean
  onRetry: () => void
  tint: string
}) {
  return (
    <Card className="group relative p-0 transition-all hover:-translate-y-0.5 hover:shadow-md">
      <button
        type="button"
        onClick={onClick}
        className="w-full rounded-xl p-6 text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/30"
        aria-label={title}
      >
        <div className="flex items-start justify-between">
          <p className="text-sm font-medium text-muted-foreground">{title}</p>
          <span className={cn('flex size-10 items-center justify-center rounded-lg', tint)}>
            <Icon className="size-5" />
          </span>
        </div>
        <div className="mt-3 min-h-10">
          {loading ? (
            <Skeleton className="h-9 w-20" data-testid="metric-skeleton" />
          ) : error ? (
            <span className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
              <AlertCircle className="size-4 text-destructive" /> Unable to load
            </span>
          ) : (
            <p className="text-3xl font-semibold tracking-tight tabular-nums">{value ?? 0}</p>
          )}
        </div>
        <p className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-0.5 font-medium text-success">
            <TrendingUp className="size-3.5" />
            {change}
          </span>
          {caption}
        </p>
        <ArrowUpRight className="absolute bottom-6 right-6 size-4 text-muted-foreground opacity-0 transition group-hover:opacity-100" />
      </button>
      {error ? (
        <Button variant="ghost" size="sm" className="absolute bottom-4 right-4" onClick={onRetry}>
          <RotateCw /> Retry
        </Button>
      ) : null}
    </Card>
  )
}

export function DashboardPage() {
  const navigate = useNavigate()
  const { user } = useAuth()
  const org = useActiveOrganization()
  const metrics = useDashboardMetrics(org?.id)
  const loading = !!org && metrics.isLoading
  const error = !org || metrics.isError
  // Spec 000 §5: New Estimate opens the create dialog over the dashboard.
  const createDialog = useCreateEstimateDialog()

  return (
    <>
      <PageHeader title="Dashboard" description="Welcome back, manage your projects and estimates" />
      <PageBody className="space-y-8">
        <section className="space-y-3">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <div>
              <h2 className="text-lg font-semibold tracking-tight">Good to see you, {displayName(user).split(' ')[0]}</h2>
              <p className="text-sm text-muted-foreground">{org ? `Working in ${org.name}` : 'You are not part of an organization yet.'}</p>
            </div>
          </div>
          <Button size="lg" className="h-12 w-full text-base shadow-md" onClick={createDialog.open} disabled={createDialog.loading}>
            {createDialog.loading ? <Spinner className="size-5 text-current" label="Opening" /> : <Plus className="size-5" />} New Estimate
          </Button>
          {createDialog.element}
          <div className="grid gap-3 sm:grid-cols-2">
            <Button variant="outline" size="lg" className="w-full justify-start" onClick={() => navigate('/notetaker?record=1')}>
              <Video className="text-primary" /> Start Meeting
            </Button>
            <Button variant="outline" size="lg" className="w-full justify-start" onClick={() => navigate('/cost-estimator')}>
              <FileText className="text-primary" /> View All Estimates
            </Button>
          </div>
        </section>

        <section aria-label="Metrics" className="grid gap-4 md:grid-cols-2">
          <MetricCard
            title="Total Estimates"
            value={metrics.data?.totalEstimates}
            change="+12%"
            caption="from last month"
            icon={Calculator}
            tint="bg-primary/10 text-primary"
            onClick={() => navigate('/cost-estimator')}
            loading={loading}
            error={!loading && error}
            onRetry={() => void metrics.refetch()}
          />
          <MetricCard
            title="Total Meetings"
            value={metrics.data?.totalMeetings}
            change="+3"
            caption="new this week"
            icon={Mic}
            tint="bg-amber/20 text-amber-foreground dark:text-amber"
            onClick={() => navigate('/notetaker')}
            loading={loading}
            error={!loading && error}
            onRetry={() => void metrics.refetch()}
          />
        </section>

        {org ? <BusinessInsightsCard orgId={org.id} /> : null}

        <section aria-label="Getting started">
          <Card className="overflow-hidden">
            <div className="border-b px-6 py-4">
              <h2 className="text-base font-semibold tracking-tight">Get the most out of Plumbline</h2>
              <p className="text-sm text-muted-foreground">A few quick steps to set up your workspace.</p>
            </div>
            <ul className="divide-y">
              {[
                { to: '/cost-estimator?new=1', icon: Calculator, title: 'Create an estimate', text: 'Price a project from an address in a few minutes.' },
                { to: '/notetaker', icon: Mic, title: 'Record a client meeting', text: 'Get a transcript, summary and action items automatically.' },
                { to: '/settings', icon: Building2, title: 'Set up your company', text: 'Add your logo and brand so proposals look like yours.' },
              ].map(({ to, icon: Icon, title, text }) => (
                <li key={to}>
                  <Link to={to} className="group flex items-center gap-4 px-6 py-4 transition-colors hover:bg-muted/50">
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-lg border bg-background text-muted-foreground group-hover:text-primary">
                      <Icon className="size-4" />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm font-medium">{title}</span>
                      <span className="block truncate text-sm text-muted-foreground">{text}</span>
                    </span>
                    <ArrowRight className="size-4 text-muted-foreground transition group-hover:translate-x-0.5 group-hover:text-primary" />
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        </section>
      </PageBody>
    </>
  )
}
