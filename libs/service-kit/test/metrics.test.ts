import { Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { createMetrics, jobDurations, registerPoolMetrics } from '../src/metrics.js'

describe('metrics beyond RED', () => {
  it('reads the PostgreSQL pool at scrape time, by state', async () => {
    const registry = new Registry()
    let stats = { total: 3, idle: 1, waiting: 0 }
    registerPoolMetrics(registry, () => stats)
    expect(await registry.metrics()).toContain('db_pool_connections{state="total"} 3')
    stats = { total: 5, idle: 0, waiting: 7 }
    const text = await registry.metrics()
    expect(text).toContain('db_pool_connections{state="waiting"} 7')
    expect(text).toContain('db_pool_connections{state="idle"} 0')
  })

  it("exports the workers' job durations on every service's /metrics", async () => {
    const { registry } = createMetrics('probe')
    jobDurations.observe({ job: 'probe-worker', outcome: 'done' }, 2.5)
    expect(await registry.metrics()).toContain(`job_duration_seconds_count{service="probe",job="probe-worker",outcome="done"} 1`)
  })
})
