import type { CompanySettings, EstimateInsights, EstimateStatus } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { formatCurrency } from '@plumbline/contracts/format'
import { Card, Skeleton } from '@plumbline/ui'
import { apiKey, useCan } from '@plumbline/web'
import { useQuery } from '@tanstack/react-query'
import { BarChart3 } from 'lucide-react'

const STATUS_LABEL: Record<EstimateStatus, string> = {
  draft: 'Draft',
  pending: 'Pending',
  shared: 'Shared',
  viewed: 'Viewed',
  approved: 'Approved',
  rejected: 'Declined',
}

const usd = (value: string | null) => formatCurrency(value, { whole: true })

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="min-w-0 rounded-lg border p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums" data-testid={`insight-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </p>
      <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
    </div>
  )
}

/**
 * Business insights (company flag enableBusinessInsights): this month's estimates by
 * status, the win rate (approved ÷ decided), the average estimate value and what is with clients.
 * Shown only when the flag is on and the role reads estimates.
 */
export function BusinessInsightsCard({ orgId }: { orgId: string }) {
  const canRead = useCan('cost_estimator', 'access')
  const settings = useQuery<CompanySettings>({ queryKey: apiKey(api.getCompanySettings, { orgId }) })
  const enabled = canRead && settings.data?.enableBusinessInsights === true
  const insights = useQuery<EstimateInsights>({ queryKey: apiKey(api.getEstimatesInsights, { orgId }), enabled })
  if (!enabled) return null
  const data = insights.data
  const monthTotal = data ? Object.values(data.createdThisMonth).reduce((a, b) => a + b, 0) : 0
  return (
    <section aria-label="Business insights">
      <Card className="overflow-hidden">
        <div className="flex items-center gap-2 border-b px-6 py-4">
          <BarChart3 className="size-[18px] text-primary" aria-hidden="true" />
          <h2 className="text-base font-semibold tracking-tight">Business Insights</h2>
        </div>
        <div className="p-6">
          {insights.isPending ? (
            <Skeleton className="h-28 w-full" />
          ) : insights.isError || !data ? (
            <p className="text-sm text-muted-foreground">Insights could not be loaded.</p>
          ) : (
            <div className="space-y-4">
              <div className="grid gap-3 sm:grid-cols-3">
                <Figure
                  label="Win rate"
                  value={data.winRate === null ? '—' : `${Math.round(data.winRate * 100)}%`}
                  hint={data.decided ? `of ${data.decided} decided estimates` : 'no decisions yet'}
                />
                <Figure label="Average estimate" value={usd(data.averageValue)} hint="across your estimates" />
                <Figure label="Pipeline" value={usd(data.pipelineValue)} hint={`${data.pipelineCount} with clients now`} />
              </div>
              <div>
                <p className="mb-2 text-sm font-medium">This month: {monthTotal} new</p>
                <ul className="flex flex-wrap gap-2 text-xs" aria-label="Estimates this month by status">
                  {(Object.keys(STATUS_LABEL) as EstimateStatus[]).map((s) => (
                    <li key={s} className="rounded-full border px-2.5 py-1">
                      {STATUS_LABEL[s]} <span className="font-semibold tabular-nums">{data.createdThisMonth[s]}</span>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          )}
        </div>
      </Card>
    </section>
  )
}
