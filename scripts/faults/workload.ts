// The fault suite's clients: writers that create estimates as a careful client does (one
// Idempotency-Key per estimate, retried with the same key until the service acknowledges it,
// honouring Retry-After), and readers that browse the list. What the clients saw acknowledged
// is what must be in the database, once, when the faults are over.
import { randomUUID } from 'node:crypto'
import { waitForMail } from '../../libs/testing/src/browser.js'
import { signIn, signInDemoUser } from '../bench/session.js'

export type Session = Awaited<ReturnType<typeof signInDemoUser>> & { orgId: string; projectTypeId: string }

export type Tally = {
  /** Idempotency key → estimate id, for every create the client saw answered 201. */
  acknowledged: Map<string, string>
  /** Keys whose create was still being retried when the run ended (may exist, at most once). */
  unacknowledged: Set<string>
  /** Status (or 'network') → count, for every answer that was not a success. */
  errors: Map<string, number>
  /** 503 answers that carried Retry-After, out of all 503s. */
  retryAfter: { with: number; of: number }
  readLatencies: number[]
  reads: number
}

export const newTally = (): Tally => ({
  acknowledged: new Map(),
  unacknowledged: new Set(),
  errors: new Map(),
  retryAfter: { with: 0, of: 0 },
  readLatencies: [],
  reads: 0,
})

export async function openSession(baseUrl: string, account?: { email: string; password: string }): Promise<Session> {
  const session = account ? await signIn(baseUrl, account.email, account.password) : await signInDemoUser(baseUrl)
  const me = (await (await fetch(`${baseUrl}/api/user`, { headers: { cookie: session.cookie } })).json()) as { organizations: { id: string }[] }
  const orgId = me.organizations[0].id
  const types = (await (await fetch(`${baseUrl}/api/organizations/${orgId}/project-types`, { headers: { cookie: session.cookie } })).json()) as { id: string }[]
  return { ...session, orgId, projectTypeId: types[0].id }
}

async function csrfCookie(baseUrl: string): Promise<string> {
  const first = await fetch(`${baseUrl}/api/user`)
  return /plumbline_csrf=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? ''
}

/** A second organisation, as a new contractor makes one: register, follow the mailed link, sign in. */
export async function registerTenant(baseUrl: string): Promise<Session> {
  const account = { email: `noisy-${randomUUID().slice(0, 8)}@example.com`, password: 'Noisy-Tenant-2026!x' }
  const csrf = await csrfCookie(baseUrl)
  const headers = { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: `plumbline_csrf=${csrf}`, origin: baseUrl }
  const registered = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...account, firstName: 'Noisy', lastName: 'Tenant' }),
  })
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`)
  const mail = await waitForMail(baseUrl, account.email, 'erif')
  const token = mail.links.map((l) => new URL(l).searchParams.get('token')).find(Boolean)
  const verified = await fetch(`${baseUrl}/api/verify-email`, { method: 'POST', headers, body: JSON.stringify({ token }) })
  if (!verified.ok) throw new Error(`verify-email answered ${verified.status}`)
  return openSession(baseUrl, account)
}

function countError(tally: Tally, key: string) {
  tally.errors.set(key, (tally.errors.get(key) ?? 0) + 1)
}

/** Waits what the answer asks (Retry-After, at most 2 s here) or a short back-off. */
function pause(res: Response | undefined, attempt: number) {
  const asked = Number(res?.headers.get('retry-after'))
  const ms = Number.isFinite(asked) && asked > 0 ? Math.min(asked * 1000, 2000) : Math.min(100 * 2 ** attempt, 2000)
  return new Promise((r) => setTimeout(r, ms))
}

function noteFailure(tally: Tally, res: Response | undefined) {
  if (!res) return countError(tally, 'network')
  countError(tally, String(res.status))
  if (res.status === 503) {
    tally.retryAfter.of++
    if (res.headers.get('retry-after')) tally.retryAfter.with++
  }
}

/** One estimate, created through the gateway with one key however many attempts it takes. */
async function createOnce(baseUrl: string, session: () => Session, tally: Tally, stopping: () => boolean) {
  const key = randomUUID()
  const body = JSON.stringify({
    projectTypeId: session().projectTypeId,
    projectName: `fault-${key}`,
    clientName: 'Fault Client',
    propertyAddress: '1 Fault St, Austin, TX 78701',
    totalCost: '12000',
  })
  for (let attempt = 0; ; attempt++) {
    if (stopping() && attempt > 0) {
      tally.unacknowledged.add(key)
      return
    }
    let res: Response | undefined
    try {
      res = await fetch(`${baseUrl}/api/organizations/${session().orgId}/estimates`, {
        method: 'POST',
        headers: { ...session().writeHeaders, 'idempotency-key': key },
        body,
        signal: AbortSignal.timeout(15_000),
      })
      if (res.status === 201) {
        tally.acknowledged.set(key, ((await res.json()) as { id: string }).id)
        return
      }
      await res.arrayBuffer()
    } catch {
      res = undefined
    }
    noteFailure(tally, res)
    await pause(res, attempt)
  }
}

async function readList(baseUrl: string, session: () => Session, tally: Tally) {
  const started = performance.now()
  let res: Response | undefined
  try {
    res = await fetch(`${baseUrl}/api/organizations/${session().orgId}/estimates?limit=20`, {
      headers: { cookie: session().cookie },
      signal: AbortSignal.timeout(15_000),
    })
    await res.arrayBuffer()
  } catch {
    res = undefined
  }
  tally.reads++
  if (res?.status === 200) tally.readLatencies.push(performance.now() - started)
  else {
    noteFailure(tally, res)
    await pause(res, 2)
  }
}

/** Writers and readers until stop() resolves; stop waits for creates in flight to end. */
/** readerPauseMs: a person reads between clicks; 0 floods (the noisy tenant). */
export function startWorkload(baseUrl: string, session: () => Session, tally: Tally, opts = { writers: 4, readers: 2, readerPauseMs: 25 }) {
  let stopped = false
  const loops = [
    ...Array.from({ length: opts.writers }, async () => {
      while (!stopped) await createOnce(baseUrl, session, tally, () => stopped)
    }),
    ...Array.from({ length: opts.readers }, async () => {
      while (!stopped) {
        await readList(baseUrl, session, tally)
        if (opts.readerPauseMs) await new Promise((r) => setTimeout(r, opts.readerPauseMs))
      }
    }),
  ]
  return {
    async stop() {
      stopped = true
      await Promise.all(loops)
    },
  }
}
