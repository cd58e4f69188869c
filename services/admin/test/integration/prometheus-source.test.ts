import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPrismaClient } from '@plumbline/db'
import { createMetrics } from '@plumbline/service-kit'
import { createTestDatabase, installPrometheusTools } from '@plumbline/testing'
import express from 'express'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PrismaClient } from '../../src/generated/prisma/client.js'
import { performanceFigures, prometheusFigures, storedFigures } from '../../src/monitoring/performance-source.js'

// With PROMETHEUS_URL set, the monitoring page's figures come from Prometheus: a real one
// (Debian's binary, taken out of its package as the alerting tests take promtool) scrapes a
// service's /metrics every second; 20 requests, 5 of them answered 500, show as a 25 % error rate
// over the last 5 minutes and in the chart. A Prometheus that does not answer falls back to the
// samples admin keeps itself.

const work = mkdtempSync(join(tmpdir(), 'admin-prometheus-'))
let prometheus: ChildProcess
let target: Server
let url = ''

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo
      s.close(() => resolve(port))
    })
  })

beforeAll(async () => {
  const tools = installPrometheusTools(() => {})
  const metrics = createMetrics('estimates')
  const app = express()
  app.use(metrics.middleware)
  app.get('/ok', (_req, res) => void res.json({ ok: true }))
  app.get('/boom', (_req, res) => void res.status(500).json({ ok: false }))
  app.get('/metrics', async (_req, res) => void res.type('text/plain').send(await metrics.registry.metrics()))
  target = app.listen(0, '127.0.0.1')
  await new Promise((r) => target.once('listening', r))
  const targetPort = (target.address() as AddressInfo).port
  // Both series exist from the first scrape on (a series born later loses its first count to increase()).
  await fetch(`http://127.0.0.1:${targetPort}/ok`)
  await fetch(`http://127.0.0.1:${targetPort}/boom`)

  const port = await freePort()
  writeFileSync(
    join(work, 'prometheus.yml'),
    `global: { scrape_interval: 1s, evaluation_interval: 1s }\nscrape_configs:\n  - job_name: plumbline\n    static_configs: [{ targets: ['127.0.0.1:${targetPort}'] }]\n`,
  )
  prometheus = spawn(
    tools.prometheus,
    [`--config.file=${join(work, 'prometheus.yml')}`, `--storage.tsdb.path=${join(work, 'data')}`, `--web.listen-address=127.0.0.1:${port}`],
    { stdio: 'ignore' },
  )
  url = `http://127.0.0.1:${port}/`
  // Scrapes before the requests and after them: an increase needs the counter seen before it grew.
  const scrapes = async (n: number) => {
    const deadline = Date.now() + 30_000
    for (;;) {
      const res = await fetch(`${url}api/v1/query?query=count_over_time(http_requests_total{route="/ok"}[1m])`).catch(() => null)
      const body = res?.ok ? ((await res.json()) as { data: { result: { value: [number, string] }[] } }) : null
      if (Number(body?.data.result[0]?.value[1] ?? 0) >= n) return
      if (Date.now() > deadline) throw new Error('Prometheus did not scrape the service')
      await new Promise((r) => setTimeout(r, 250))
    }
  }
  await scrapes(2)
  for (let i = 0; i < 20; i++) await fetch(`http://127.0.0.1:${targetPort}/${i % 4 === 0 ? 'boom' : 'ok'}`)
  await scrapes(5)
}, 120_000)

afterAll(() => {
  prometheus?.kill('SIGTERM')
  target?.close()
  rmSync(work, { recursive: true, force: true })
})

describe('monitoring figures from Prometheus', () => {
  it('give the last 5 minutes’ error rate and response time, and the chart per service', async () => {
    const figures = await prometheusFigures(url, 2)
    // 5 of the 20 requests made while Prometheus watched; increase() extrapolates to the window's
    // edges, so the ratio is near 25 % rather than exact.
    expect(figures.errorRate).toBeGreaterThan(18)
    expect(figures.errorRate).toBeLessThan(32)
    expect(figures.avgResponseTime).toBeGreaterThan(0)
    expect(figures.avgResponseTime).toBeLessThan(1000)
    const points = figures.history.flatMap((h) => h.services).filter((s) => s.service === 'estimates')
    expect(points.length).toBeGreaterThan(0)
    expect(points.some((p) => p.requestsPerMinute > 0)).toBe(true)
  })

  it('fall back to the stored samples when Prometheus does not answer', async () => {
    const db = await createTestDatabase()
    const { prisma } = createPrismaClient(PrismaClient, { databaseUrl: db.url, schema: 'admin', poolSize: 1 })
    try {
      const unreachable = `http://127.0.0.1:${await freePort()}/`
      const env = { PROMETHEUS_URL: unreachable, MONITORING_SAMPLE_SECONDS: 30 }
      const figures = await performanceFigures({ prisma, logger: pino({ level: 'silent' }), env })
      expect(figures).toEqual(await storedFigures({ prisma, env }))
    } finally {
      await prisma.$disconnect()
      await db.drop()
    }
  })
})
