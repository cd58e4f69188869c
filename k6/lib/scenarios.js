// What Plumbline's users do, written once for two players: k6 (k6/plumbline.js, through
// k6/lib/k6-client.js) and the Node runner (`npm run bench -- load`, scripts/load/, through its
// own client) where no k6 binary exists. Plain JavaScript so that k6 runs it as it is.
//
// A scenario is an async function (client, data). The client has:
//   request(method, path, { body, cookie, csrf, name, expect }) → { status, json(), cookie(name) }
//   check(response, { 'what': (r) => boolean }) → boolean
//   sleep(seconds)
// `data` is what setup() prepared: the signed-in session, the organisation, an estimate to work
// on, its share token and a project type.

const org = (data) => `/api/organizations/${data.orgId}`

export async function signIn(client, data) {
  const first = await client.request('GET', '/api/user', { name: 'csrf cookie', expect: 401 })
  const csrf = first.cookie('plumbline_csrf')
  const login = await client.request('POST', '/api/login', {
    body: { email: data.email, password: data.password },
    csrf,
    cookie: `plumbline_csrf=${csrf}`,
    name: 'sign in',
  })
  client.check(login, { 'signed in': (r) => r.status === 200 })
  const sid = login.cookie('plumbline_sid')
  const me = await client.request('GET', '/api/user', { cookie: `plumbline_sid=${sid}`, name: 'current user' })
  client.check(me, { 'user read after sign-in': (r) => r.status === 200 })
}

export async function browseList(client, data) {
  const page = 1 + Math.floor(Math.random() * 3)
  const res = await client.request('GET', `${org(data)}/estimates?page=${page}&limit=20&sortBy=updatedAt&sortOrder=desc`, {
    cookie: data.cookie,
    name: 'list estimates',
  })
  client.check(res, { 'list answered': (r) => r.status === 200 && Array.isArray(r.json().estimates) })
}

export async function searchList(client, data) {
  const term = ['roof', 'Bench', 'siding', 'Austin'][Math.floor(Math.random() * 4)]
  const res = await client.request('GET', `${org(data)}/estimates?search=${term}&status=all&limit=20`, { cookie: data.cookie, name: 'search estimates' })
  client.check(res, { 'search answered': (r) => r.status === 200 })
}

export async function openDetail(client, data) {
  const estimate = await client.request('GET', `${org(data)}/estimates/${data.estimateId}`, { cookie: data.cookie, name: 'estimate detail' })
  const sections = await client.request('GET', `${org(data)}/estimates/${data.estimateId}/sections`, { cookie: data.cookie, name: 'estimate sections' })
  client.check(estimate, { 'detail answered': (r) => r.status === 200 })
  client.check(sections, { 'sections answered': (r) => r.status === 200 })
}

export async function createEstimate(client, data) {
  const res = await client.request('POST', `${org(data)}/estimates`, {
    body: {
      projectTypeId: data.projectTypeId,
      projectName: `Load roof ${Math.floor(Math.random() * 1e6)}`,
      clientName: 'Load Client',
      clientEmail: 'load@example.com',
      propertyAddress: '1 Load St, Austin, TX 78701',
      totalCost: '18500',
      squareFootage: 1800,
    },
    cookie: data.cookie,
    csrf: data.csrf,
    name: 'create estimate',
    expect: 201,
  })
  client.check(res, { 'estimate created': (r) => r.status === 201 })
}

/** A section with three line items on the work estimate, then the section removed (keeps the estimate small). */
export async function addLineItems(client, data) {
  const section = await client.request('POST', `${org(data)}/estimates/${data.estimateId}/sections`, {
    body: { name: 'Load section' },
    cookie: data.cookie,
    csrf: data.csrf,
    name: 'add section',
    expect: 201,
  })
  if (!client.check(section, { 'section added': (r) => r.status === 201 })) return
  const sectionId = section.json().id
  for (const [name, quantity, unitCost] of [
    ['Shingles', 30, '95.50'],
    ['Underlayment', 12, '42.00'],
    ['Labor', 16, '65.00'],
  ]) {
    const item = await client.request('POST', `${org(data)}/sections/${sectionId}/line-items`, {
      body: { name, quantity, unitCost, unit: 'each' },
      cookie: data.cookie,
      csrf: data.csrf,
      name: 'add line item',
      expect: 201,
    })
    client.check(item, { 'line item added': (r) => r.status === 201 })
  }
  await client.request('DELETE', `${org(data)}/sections/${sectionId}`, { cookie: data.cookie, csrf: data.csrf, name: 'remove section', expect: 204 })
}

export async function generatePdf(client, data) {
  const res = await client.request('POST', `${org(data)}/estimates/${data.estimateId}/generate-pdf`, {
    body: {},
    cookie: data.cookie,
    csrf: data.csrf,
    name: 'generate pdf',
  })
  client.check(res, { 'pdf generated': (r) => r.status === 200 })
}

export async function openShareLink(client, data) {
  const res = await client.request('GET', `/api/public/estimates/${data.shareToken}`, { name: 'share link' })
  client.check(res, { 'share page data': (r) => r.status === 200 })
}

export async function generateAll(client, data) {
  const start = await client.request('POST', `${org(data)}/estimates/${data.estimateId}/generate-all-content`, {
    body: {},
    cookie: data.cookie,
    csrf: data.csrf,
    name: 'generate all',
    expect: 202,
  })
  // 409: another run on this estimate is in flight (one at a time per estimate, by design).
  if (!client.check(start, { 'generation started or already running': (r) => r.status === 202 || r.status === 409 }) || start.status !== 202) return
  const { jobId } = start.json()
  for (let i = 0; i < 60; i++) {
    await client.sleep(0.5)
    const status = await client.request('GET', `${org(data)}/jobs/${jobId}/status`, { cookie: data.cookie, name: 'job status' })
    const state = status.status === 200 ? status.json().status : 'error'
    if (state === 'completed' || state === 'failed' || state === 'cancelled' || state === 'error') {
      client.check(status, { 'generation completed': () => state === 'completed' })
      return
    }
  }
  client.check(start, { 'generation completed': () => false })
}

/** How often each happens in a working day, relative to each other. */
export const MIX = [
  { name: 'browseList', run: browseList, weight: 30 },
  { name: 'openDetail', run: openDetail, weight: 25 },
  { name: 'searchList', run: searchList, weight: 10 },
  { name: 'addLineItems', run: addLineItems, weight: 10 },
  { name: 'openShareLink', run: openShareLink, weight: 10 },
  { name: 'createEstimate', run: createEstimate, weight: 5 },
  { name: 'generatePdf', run: generatePdf, weight: 3 },
  { name: 'signIn', run: signIn, weight: 2 },
  { name: 'generateAll', run: generateAll, weight: 1 },
]

/** The scenario of an iteration: in turn for a round-robin profile, else drawn by weight. */
export function scenarioFor(profile, iteration) {
  return profile.roundRobin ? MIX[iteration % MIX.length] : pickScenario(Math.random())
}

/** One scenario drawn by weight: u is uniform in [0, 1). */
export function pickScenario(u) {
  const total = MIX.reduce((sum, s) => sum + s.weight, 0)
  let left = u * total
  for (const s of MIX) {
    left -= s.weight
    if (left < 0) return s
  }
  return MIX[MIX.length - 1]
}

/** Prepares what the scenarios share: a session, the organisation, a work estimate with a share link. */
export async function prepare(client, account) {
  const first = await client.request('GET', '/api/user', { name: 'setup', expect: 401 })
  const csrf = first.cookie('plumbline_csrf')
  const login = await client.request('POST', '/api/login', { body: account, csrf, cookie: `plumbline_csrf=${csrf}`, name: 'setup' })
  if (login.status !== 200) throw new Error(`setup: sign-in answered ${login.status}`)
  // The sign-in answer carries a CSRF token bound to the new session; the one before it no longer counts.
  const bound = login.cookie('plumbline_csrf') || csrf
  const cookie = `plumbline_sid=${login.cookie('plumbline_sid')}; plumbline_csrf=${bound}`
  const me = (await client.request('GET', '/api/user', { cookie, name: 'setup' })).json()
  const orgId = me.organizations[0].id
  const data = { ...account, cookie, csrf: bound, orgId }
  const types = (await client.request('GET', `${org(data)}/project-types`, { cookie, name: 'setup' })).json()
  data.projectTypeId = types[0].id
  const created = await client.request('POST', `${org(data)}/estimates`, {
    body: {
      projectTypeId: data.projectTypeId,
      projectName: 'Load work estimate',
      clientName: 'Load Client',
      propertyAddress: '1 Load St, Austin, TX 78701',
      totalCost: '18500',
    },
    cookie,
    csrf: bound,
    name: 'setup',
    expect: 201,
  })
  if (created.status !== 201) throw new Error(`setup: create estimate answered ${created.status}`)
  data.estimateId = created.json().id
  const share = await client.request('POST', `${org(data)}/estimates/${data.estimateId}/share`, { body: {}, cookie, csrf: bound, name: 'setup' })
  if (share.status !== 200 && share.status !== 201) throw new Error(`setup: share answered ${share.status}`)
  data.shareToken = share.json().shareToken
  return data
}
