import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// In a child process (instrumentation must load before express, once per process): an ES
// module service with telemetry started gets server spans named by its express route, with
// log lines carrying the trace id, and no span for a probe.
const child = fileURLToPath(new URL('./fixtures/esm-service.ts', import.meta.url))

describe('telemetry in an ES module service', () => {
  it('names server spans by route, skips probes and puts trace ids in log lines', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', child], {
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' },
    })
    expect(run.status, run.stderr).toBe(0)
    const report = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as { spans: string[]; logTraceId: string | null; probeSpans: number }
    expect(report.spans).toContain('GET /estimates/:id')
    expect(report.logTraceId).toMatch(/^[\da-f]{32}$/)
    expect(report.probeSpans).toBe(0)
  })
})
