import { HEALTH_REFRESH_MS, MONITORED_SERVICES, ZDetailedHealth, ZMonitoringMetrics } from '@plumbline/contracts'
import {
  api,
  apiOk,
  controlStack,
  DEMO,
  e2eBaseUrl,
  hidden,
  launchBrowser,
  overflowingElements,
  screenshotsNamed,
  signedIn as signedInAs,
  visible,
} from '@plumbline/testing'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The seeded platform admin watches /monitoring: everything healthy, then one service stops and
// the page turns degraded naming it within 30 s (the health refresh), then it is back.
const ADMIN = { email: 'admin@plumbline.dev', password: 'Admin-Plumbline-2025' }
const STOPPED = 'meetings'

let browser: Browser
/** Set while the journey has the service stopped, so a failure mid-way still brings it back (once). */
let stoppedByUs = false
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  if (stoppedByUs) await controlStack('services', STOPPED, 'start')
  await browser?.close()
})

const shot = screenshotsNamed('monitoring')

const signedIn = (email: string, password: string, mobile = false) => signedInAs(browser, { as: { email, password }, mobile })

/** Waits until admin's sampler has kept `points` samples of the history (the charts draw lines from two). */
async function historyOf(page: Page, points: number): Promise<void> {
  await expect
    .poll(async () => ZMonitoringMetrics.parse(await apiOk(page, 'GET', '/api/health/metrics')).history.length, { timeout: 30_000, interval: 500 })
    .toBeGreaterThanOrEqual(points)
}

const overall = (page: Page) => page.getByTestId('system-status')

describe('monitoring API', () => {
  it('answers the admin with every service healthy and metrics from the services, and 403 to anyone else', async () => {
    const { context, page } = await signedIn(ADMIN.email, ADMIN.password)
    const health = ZDetailedHealth.parse(await apiOk(page, 'GET', '/api/health/detailed'))
    for (const service of MONITORED_SERVICES) expect(health.checks.find((c) => c.component === service)).toMatchObject({ status: 'healthy' })
    expect(health.checks.map((c) => c.component)).toEqual(expect.arrayContaining(['postgresql', 'redis', 'nats-jetstream', 'outbox']))
    const metrics = ZMonitoringMetrics.parse(await apiOk(page, 'GET', '/api/health/metrics'))
    expect(metrics.businessMetrics.totalOrganizations).toBeGreaterThan(0)
    expect(metrics.performanceMetrics.avgResponseTime).toBeGreaterThan(0)
    expect(metrics.systemMetrics.memoryUsage).toBeGreaterThan(0)
    await context.close()

    const demo = await signedIn(DEMO.email, DEMO.password)
    expect((await api(demo.page, 'GET', '/api/health/detailed')).status).toBe(403)
    expect((await api(demo.page, 'GET', '/api/health/metrics')).status).toBe(403)
    await demo.page.goto('/monitoring')
    await visible(demo.page.getByText('Access Denied - You do not have admin privileges to access this page.'))
    await demo.context.close()
  })
})

describe('monitoring page', () => {
  it('turns degraded naming a stopped service within 30 s, files the 503 a request met under Recent Errors, and is healthy again once it is back', async () => {
    const { context, page } = await signedIn(ADMIN.email, ADMIN.password)
    await page.clock.install()
    await page.goto('/monitoring')
    await visible(page.getByRole('heading', { name: 'System Monitoring' }))
    await hidden(page.getByText('Coming soon'))
    await visible(overall(page).getByText('Healthy', { exact: true }), 30_000)
    await visible(page.getByText(/All \d+ checks are healthy/))
    await historyOf(page, 2)
    await page.getByRole('button', { name: 'Refresh' }).click()
    await visible(page.getByRole('img', { name: 'Requests per minute (last hour)' }))
    await shot(page, 'overview-1280')

    await controlStack('services', STOPPED, 'stop')
    stoppedByUs = true
    // No click: the page's own health refresh must show it. The page's clock jumps over the
    // refresh interval instead of the journey sitting through it.
    await page.clock.fastForward(HEALTH_REFRESH_MS)
    await visible(overall(page).getByText('Degraded', { exact: true }), 20_000)
    await visible(overall(page).getByText(STOPPED, { exact: true }))
    await visible(overall(page).getByText('Not answering'))
    await shot(page, 'degraded-1280')
    // A request that meets the stopped service: the gateway answers 503, and files it under
    // Recent Errors with the id the answer showed.
    const { organizations } = await apiOk<{ organizations: { id: string }[] }>(page, 'GET', '/api/user')
    const failed = await api<{ traceId: string }>(page, 'GET', `/api/organizations/${organizations[0]!.id}/meetings`)
    expect(failed.status).toBe(503)

    await page.getByRole('tab', { name: 'Health Checks' }).click()
    const row = page.locator(`li[data-component="${STOPPED}"]`)
    await visible(row.getByText('Unhealthy', { exact: true }))
    await visible(page.locator('li[data-component="postgresql"]').getByText('Healthy', { exact: true }))
    await shot(page, 'health-checks-1280')

    await controlStack('services', STOPPED, 'start')
    stoppedByUs = false
    await page.getByRole('tab', { name: 'Overview' }).click()
    // The restarted service answers within seconds; the page's next refresh shows it (the clock
    // jumps to each refresh until one has found it back).
    await expect
      .poll(
        async () => {
          await page.clock.fastForward(HEALTH_REFRESH_MS)
          return overall(page).getByText('Healthy', { exact: true }).isVisible()
        },
        { timeout: 45_000, interval: 1_000 },
      )
      .toBe(true)
    await hidden(overall(page).getByText('Not answering'))

    await page.getByRole('tab', { name: 'Metrics' }).click()
    await visible(page.getByText('Estimates created'))
    await visible(page.getByText('DB connections'))
    await shot(page, 'metrics-1280')
    await page.getByRole('tab', { name: 'Recent Errors' }).click()
    const entry = page.getByRole('list', { name: 'Recent errors' }).getByRole('listitem').filter({ hasText: failed.body.traceId })
    await visible(entry)
    await visible(entry.getByText(`${STOPPED} unreachable`, { exact: false }))
    await shot(page, 'errors-1280')
    await context.close()
  }, 150_000)

  it('shows a job that failed for good under Recent Errors with its correlation id', async () => {
    // A recording that claims to be WAV but is not one: the transcription job fails for good.
    const demo = await signedIn(DEMO.email, DEMO.password)
    const user = await apiOk<{ organizations: { id: string }[] }>(demo.page, 'GET', '/api/user')
    const meetings = `/api/organizations/${user.organizations[0].id}/meetings`
    const { id } = await apiOk<{ id: string }>(demo.page, 'POST', meetings, { title: 'Broken recording' })
    const csrf = (await demo.context.cookies()).find((c) => c.name === 'plumbline_csrf')?.value ?? ''
    const upload = await demo.page.request.fetch(`${meetings}/${id}/transcribe`, {
      method: 'POST',
      headers: { 'x-csrf-token': csrf, origin: e2eBaseUrl() },
      multipart: { audio: { name: 'broken.wav', mimeType: 'audio/wav', buffer: Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEfmt '), Buffer.alloc(4096, 7)]) } },
    })
    expect(upload.status()).toBe(202)
    const deadline = Date.now() + 60_000
    let meeting = await apiOk<{ status: string; statusMessage: string | null }>(demo.page, 'GET', `${meetings}/${id}`)
    while (meeting.status === 'transcribing' && Date.now() < deadline) {
      await demo.page.waitForTimeout(300)
      meeting = await apiOk(demo.page, 'GET', `${meetings}/${id}`)
    }
    expect(meeting.status).toBe('failed')
    expect(meeting.statusMessage).toMatch(/^There was an error processing your recording/)
    await demo.context.close()

    const { context, page } = await signedIn(ADMIN.email, ADMIN.password)
    const errors = async () =>
      (await apiOk<{ recentErrors: { endpoint: string; correlationId: string; message: string }[] }>(page, 'GET', '/api/health/metrics')).recentErrors
    let reported = (await errors()).find((e) => e.endpoint === 'meetings-transcription-worker')
    for (let i = 0; !reported && i < 20; i++) {
      await page.waitForTimeout(500)
      reported = (await errors()).find((e) => e.endpoint === 'meetings-transcription-worker')
    }
    expect(reported?.message).toMatch(/error processing your recording/)
    expect(reported?.correlationId).toMatch(/^[0-9a-f-]{16,}$/)
    await page.goto('/monitoring')
    await page.getByRole('tab', { name: 'Recent Errors' }).click()
    const list = page.getByRole('list', { name: 'Recent errors' })
    await visible(list.getByText(reported?.correlationId ?? 'none', { exact: true }))
    await visible(list.getByText('meetings-transcription-worker', { exact: false }).first())
    await shot(page, 'errors-entry-1280')
    await context.close()
  })

  it('fits a phone', async () => {
    const { context, page } = await signedIn(ADMIN.email, ADMIN.password, true)
    await page.goto('/monitoring')
    await visible(overall(page).getByText(/^(Healthy|Degraded)$/), 30_000)
    expect(await overflowingElements(page)).toEqual([])
    await shot(page, 'overview-390')
    await page.getByRole('tab', { name: 'Health Checks' }).click()
    await visible(page.locator('li[data-component="redis"]'))
    expect(await overflowingElements(page)).toEqual([])
    await shot(page, 'health-checks-390')
    await context.close()
  })
})
