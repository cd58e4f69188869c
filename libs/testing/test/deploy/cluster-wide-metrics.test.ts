// Cluster-wide figures (docs/adr/0001-cluster-wide-figures.md): every replica reports the same
// outbox and consumer state, so a reader that sums them multiplies them by the replica count. No
// alert, recording rule or dashboard query may take a sum (or count) over one of them.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CLUSTER_WIDE_METRICS } from '@plumbline/service-kit'
import { parser } from '@prometheus-io/lezer-promql'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { root } from './manifests.ts'

const clusterWide = new Set<string>(CLUSTER_WIDE_METRICS)

/** Each sum/count aggregation of the expression that has a cluster-wide series inside it. */
function summedClusterFigures(expr: string): string[] {
  const found: string[] = []
  parser.parse(expr).iterate({
    enter: (node) => {
      if (node.name !== 'AggregateExpr') return
      const op = node.node.getChild('AggregateOp')?.firstChild?.name
      if (op !== 'Sum' && op !== 'Count') return
      const inner = node.node.cursor()
      const names: string[] = []
      inner.iterate((n) => {
        if (n.name === 'Identifier' && n.node.parent?.name === 'VectorSelector' && clusterWide.has(expr.slice(n.from, n.to)))
          names.push(expr.slice(n.from, n.to))
      })
      if (names.length) found.push(`${op.toLowerCase()} over ${names.join(', ')}`)
    },
  })
  return found
}

const rules = (parse(readFileSync(join(root, 'deploy/prometheus/alerts.yml'), 'utf8')) as { groups: { rules: { expr: string }[] }[] }).groups.flatMap(
  (g) => g.rules,
)
const panels = (
  JSON.parse(readFileSync(join(root, 'deploy/grafana/provisioning/dashboards/services.json'), 'utf8')) as {
    panels: { title: string; targets?: { expr: string }[] }[]
  }
).panels

describe('cluster-wide messaging figures', () => {
  it('the check finds a summed cluster figure and lets max and the per-process counters through', () => {
    expect(summedClusterFigures('sum by (durable) (messaging_consumer_pending + messaging_consumer_ack_pending) > 100')).toEqual([
      'sum over messaging_consumer_pending, messaging_consumer_ack_pending',
    ])
    expect(summedClusterFigures('max by (durable) (messaging_consumer_pending) > 100')).toEqual([])
    expect(summedClusterFigures('sum(rate(messaging_consumed_total[5m]))')).toEqual([])
  })

  it('are never summed by an alert, a recording rule or a dashboard panel', () => {
    const exprs = [...rules.map((r) => r.expr), ...panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr))]
    expect(exprs.some((e) => [...clusterWide].some((m) => e.includes(m)))).toBe(true)
    expect(exprs.flatMap((e) => summedClusterFigures(e).map((f) => `${f}: ${e}`))).toEqual([])
  })
})
