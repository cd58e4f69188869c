import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// In a child process (instrumentation must load before express, once per process): an ES
// module service with telemetry started gets server spans named by its express route, with
// log lines carrying the trace id, and no span for a probe.
const child = fileURLToPath(new URL('./fixtures/esm-service.ts', import.meta.url))
const CLIENT_TRACE_ID = '0af7651916cd43dd8448eb211c80319c'

type Report = { spans: string[]; logTraceId: string | null; probeSpans: number; traceIds: string[]; linkedTraceIds: string[] }

function runFixture(edge: boolean): Report {
  const env = { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', FIXTURE_EDGE: String(edge) }
  const run = spawnSync(process.execPath, ['--import', 'tsx', child], { encoding: 'utf8', timeout: 30_000, env })
  expect(run.status, run.stderr).toBe(0)
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as Report
}

describe('telemetry in an ES module service', () => {
  it('names server spans by route, skips probes and puts trace ids in log lines', () => {
    const report = runFixture(false)
    expect(report.spans).toContain('GET /estimates/:id')
    expect(report.logTraceId).toMatch(/^[\da-f]{32}$/)
    expect(report.probeSpans).toBe(0)
    // A service continues its caller's trace.
    expect(report.traceIds).toEqual([CLIENT_TRACE_ID])
  })

  it('at the edge, starts its own trace and links the client traceparent instead of joining it', () => {
    const report = runFixture(true)
    expect(report.traceIds).toHaveLength(1)
    expect(report.traceIds[0]).not.toBe(CLIENT_TRACE_ID)
    expect(report.linkedTraceIds).toEqual([CLIENT_TRACE_ID])
  })
})
