import { CONTENT_SECTION_TYPES, IDENTITY_HEADER, SYSTEM_ROLE_PERMISSIONS, ZEstimateListQuery } from '@plumbline/contracts'
import { poolConfig } from '@plumbline/db'
import { type IdentitySigningKey, signIdentity } from '@plumbline/service-kit'
import pg from 'pg'
import { DEMO_ORGANIZATION } from '../../services/auth/src/seed/demo-accounts.js'
import type { RunSql } from '../../services/estimates/src/data/db.js'
import { type KnownTotal, readListPage } from '../../services/estimates/src/data/list-estimates-query.js'
import { createVersionedMemo } from '../../services/estimates/src/data/versioned-memo.js'
import type { Stack } from '../lib/stack.js'
import { cpuLine, fmt, measureConcurrentInTurns, measureInTurns, type Result, target, timed, timedRequest } from './measure.js'
import type { BrowserSession } from './session.js'

const ORG = DEMO_ORGANIZATION.id
const ESTIMATES = 100_000
const LINE_ITEMS = 500

/** 100,000 estimates in the demo organisation, written straight into the estimates schema. */
async function seedEstimates(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ id: string }>(`SELECT id FROM project_types WHERE organization_id IS NULL ORDER BY sort_order LIMIT 2`)
  await pool.query(
    `INSERT INTO estimates (id, organization_id, created_by, project_type_id, project_name, client_name, client_email, property_address, total_cost, status, created_at, updated_at)
     SELECT gen_random_uuid(), $1, 'bench',
            CASE WHEN g % 3 = 0 THEN $2::uuid ELSE $3::uuid END,
            (ARRAY['Roof','Kitchen','Bath','Deck','Siding','Gutter','Basement','Fence','Window','Garage'])[1 + g % 10] || ' project ' || g,
            'Client ' || md5(g::text), 'c' || g || '@example.com',
            g || ' ' || (ARRAY['Oak','Pine','Elm','Main','Lake'])[1 + g % 5] || ' St, ' || (ARRAY['Austin, TX','Denver, CO','Boston, MA','Phoenix, AZ','Seattle, WA'])[1 + g % 5],
            (g % 50000)::numeric + 0.25,
            (ARRAY['draft','pending','shared','viewed','approved','rejected'])[1 + g % 6],
            now() - (g || ' minutes')::interval, now() - ((g * 7) % 40000 || ' minutes')::interval
     FROM generate_series(1, $4::int) AS g`,
    [ORG, rows[0].id, rows[1].id, ESTIMATES],
  )
  await pool.query('VACUUM (ANALYZE) estimates')
  // Write the seeded pages out now, not while the first scenario is measured.
  await pool.query('CHECKPOINT').catch(() => {})
}

/** One estimate with 10 sections × 50 line items. */
async function seedLargeEstimate(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO estimates (id, organization_id, created_by, project_name, client_name, property_address, total_cost, updated_at)
     VALUES (gen_random_uuid(), $1, 'bench', 'Bench: 500 line items', 'Bench Client', '1 Bench St, Austin, TX 78701', 250000, now()) RETURNING id`,
    [ORG],
  )
  const estimateId = rows[0].id
  await pool.query(
    `WITH s AS (
       INSERT INTO sections (id, estimate_id, organization_id, name, sort_order, total, updated_at)
       SELECT gen_random_uuid(), $1, $2, 'Section ' || g, g, 0, now() FROM generate_series(0, 9) g RETURNING id, sort_order)
     INSERT INTO line_items (id, section_id, estimate_id, organization_id, name, quantity, unit, unit_cost, total_cost, sort_order, updated_at)
     SELECT gen_random_uuid(), s.id, $1, $2, 'Item ' || i, 2.5, 'each', 19.99, 49.98, i, now()
     FROM s, generate_series(0, $3::int / 10 - 1) i`,
    [estimateId, ORG, LINE_ITEMS],
  )
  await pool.query('ANALYZE sections; ANALYZE line_items')
  return estimateId
}

/**
 * What creating an estimate writes, as plain SQL in one transaction: the estimate, its five
 * content sections and links, its phases from the project type's default phase groups (amounts
 * split by percentage), the outbox event, and the estimate read back with its phases.
 */
async function insertEstimateRows(pool: pg.Pool, projectTypeId: string): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    const {
      rows: [estimate],
    } = await client.query<{ id: string }>(
      `INSERT INTO estimates (id, organization_id, created_by, project_type_id, project_name, client_name, client_email, property_address, total_cost, square_footage, status, updated_at)
       VALUES (gen_random_uuid(), $1, 'bench', $2, 'Bench roof', 'Bench Client', 'bench@example.com', '1 Bench St, Austin, TX 78701', 18500, 1800, 'draft', now()) RETURNING id`,
      [ORG, projectTypeId],
    )
    await client.query(`INSERT INTO content_sections (id, estimate_id, organization_id, type) SELECT gen_random_uuid(), $1, $2, t FROM unnest($3::text[]) t`, [
      estimate.id,
      ORG,
      CONTENT_SECTION_TYPES,
    ])
    await client.query(
      `INSERT INTO content_links (id, estimate_id, organization_id, role, updated_at) SELECT gen_random_uuid(), $1, $2, t, now() FROM unnest($3::text[]) t`,
      [estimate.id, ORG, CONTENT_SECTION_TYPES],
    )
    await client.query(
      `INSERT INTO estimate_phases (id, estimate_id, organization_id, name, description, sort_order, percentage, amount, estimated_cost, cost_codes, updated_at)
       SELECT gen_random_uuid(), $1, $2, p.name, p.description, row_number() OVER (ORDER BY l.phase_group_id, p.sort_order, p.name) - 1,
              p.default_percentage, round(18500 * p.default_percentage / 100, 2), round(18500 * p.default_percentage / 100, 2), p.cost_codes, now()
       FROM project_type_phase_groups l JOIN phase_groups g ON g.id = l.phase_group_id JOIN phase_group_phases p ON p.phase_group_id = g.id
       WHERE l.project_type_id = $3 AND l.is_default AND (g.organization_id IS NULL OR g.organization_id = $2)`,
      [estimate.id, ORG, projectTypeId],
    )
    // Written as already published, so the service's relay leaves this stand-in event alone.
    await client.query(`INSERT INTO outbox_events (id, subject, payload, published_at) VALUES (gen_random_uuid(), 'bench.estimate.created', $1, now())`, [
      { estimateId: estimate.id },
    ])
    await client.query(
      `SELECT e.*, (SELECT json_agg(p ORDER BY p.sort_order) FROM estimate_phases p WHERE p.estimate_id = e.id) AS phases FROM estimates e WHERE e.id = $1`,
      [estimate.id],
    )
    await client.query('COMMIT')
  } catch (err) {
    await client.query('ROLLBACK')
    throw err
  } finally {
    client.release()
  }
}

function row(label: string, r: Result) {
  console.log(`  ${label.padEnd(24)} ${fmt(r)}`)
}

export async function benchEstimates(stack: Stack, session: BrowserSession, databaseUrl: string, signingKey: IdentitySigningKey): Promise<void> {
  const pool = new pg.Pool(poolConfig(databaseUrl, 'estimates', 16))
  const api = `http://127.0.0.1:${stack.servicePorts.gateway}/api/organizations/${ORG}`
  try {
    const seeded = await timed(() => seedEstimates(pool))
    const rows0 = (await pool.query<{ id: string }>(`SELECT id FROM project_types WHERE organization_id IS NULL ORDER BY sort_order LIMIT 1`)).rows[0].id
    console.log(`\nEstimates list (${ESTIMATES.toLocaleString('en-US')} estimates in one organisation, seeded in ${(seeded / 1000).toFixed(1)} s)`)
    // Four shapes users produce: browsing (filter + sort, no search), looking someone up (a
    // selective search), a broad word that matches a tenth of all rows, and a common word
    // whose matches the filter rules out (none left: the shape that punishes a sort-index walk).
    const scenarios: [string, Record<string, string>][] = [
      ['filter + sort', { status: 'draft', projectTypeId: rows0, sortBy: 'totalCost', sortOrder: 'asc', limit: '20', page: '2' }],
      ['selective search', { search: 'client 1679', status: 'all', sortBy: 'updatedAt', sortOrder: 'desc', limit: '20' }],
      ['broad search (10%)', { search: 'kitchen', status: 'all', sortBy: 'totalCost', sortOrder: 'asc', limit: '20', page: '2' }],
      ['search ruled out by filter', { search: 'kitchen', status: 'draft', sortBy: 'totalCost', sortOrder: 'asc', limit: '20', page: '2' }],
    ]
    // The service alone (no gateway), with the identity token the gateway would send;
    // signIdentity renews the 60 s token before it expires and otherwise answers from memory.
    const claims = {
      sub: session.userId,
      email: session.email,
      systemRole: 'user',
      orgId: ORG,
      orgRole: 'Owner',
      permissions: SYSTEM_ROLE_PERMISSIONS.Owner,
    } as const
    const direct = async (path: string) =>
      timedRequest(`http://127.0.0.1:${stack.servicePorts.estimates}/organizations/${ORG}${path}`, {
        headers: { [IDENTITY_HEADER]: await signIdentity(claims, signingKey) },
      })
    // A change to list membership (here: one estimate's creation time, moved by a millisecond)
    // moves the organisation's list version, so the next search counts its matches anew.
    const bumpRow = (await pool.query<{ id: string }>(`SELECT id FROM estimates WHERE organization_id = $1 LIMIT 1`, [ORG])).rows[0].id
    const moveListVersion = () => pool.query(`UPDATE estimates SET created_at = created_at + interval '1 millisecond' WHERE id = $1`, [bumpRow])
    const p95AtC1: string[] = []
    const { gateway, estimates } = stack.pids()
    const servers = { gateway, estimates }
    for (const [label, query] of scenarios) {
      const parsed = ZEstimateListQuery.parse(query)
      const listViaGateway = () => timedRequest(`${api}/estimates?${new URLSearchParams(query)}`, { headers: { cookie: session.cookie } })
      // The same statements in the same order as the service: its own readListPage over pg,
      // remembering search totals as the service does.
      const run: RunSql = async (sql) => (await pool.query(sql.text, sql.values)).rows
      const rawTotals = createVersionedMemo<KnownTotal>({ maxEntries: 100 })
      const listRaw = () => timed(() => readListPage(run, ORG, parsed, rawTotals))
      console.log(`  ${label}`)
      const atC1 = await measureInTurns({ gateway: listViaGateway, service: () => direct(`/estimates?${new URLSearchParams(query)}`), raw: listRaw }, 400, 200)
      p95AtC1.push(`${label} ${atC1.gateway.p95.toFixed(2)} ms ${atC1.gateway.p95 < 15 ? '(met)' : '(not met)'}`)
      row('  c=1 via gateway', atC1.gateway)
      row('  c=1 service alone', atC1.service)
      row('  c=1 raw pg (same SQL)', atC1.raw)
      const listC16 = await measureConcurrentInTurns({ gateway: listViaGateway, raw: listRaw }, { concurrency: 16, requests: 3200, warmup: 200, pids: servers })
      row('  c=16 via gateway', listC16.gateway)
      row('  c=16 raw pg (same SQL)', listC16.raw)
      console.log(`      c=16 CPU per request via gateway: ${cpuLine(listC16.gateway)}; raw: ${cpuLine(listC16.raw)}`)
      target(
        'c=16 throughput via the gateway ≥ 50 % of raw',
        `${Math.round((listC16.gateway.rps / listC16.raw.rps) * 100)} %`,
        listC16.gateway.rps >= 0.5 * listC16.raw.rps,
      )
      if (parsed.search) {
        const afterChange =
          <T>(fn: () => Promise<T>) =>
          async () => {
            await moveListVersion()
            return fn()
          }
        const cold = await measureInTurns({ gateway: afterChange(listViaGateway), raw: afterChange(listRaw) }, 150, 10)
        row('  first read after a change, c=1 via gateway', cold.gateway)
        row('  first read after a change, c=1 raw pg', cold.raw)
      }
    }
    console.log(`  target: list p95 < 15 ms at c=1 → ${p95AtC1.join('; ')}`)
    console.log(
      '  (c=1 figures are taken in turns, so drifting load lands on all alike; a search repeated or paged at an unchanged list version reads only its page; "first read after a change" counts every match)',
    )

    const estimateId = await seedLargeEstimate(pool)
    console.log(`\nEstimate detail: sections with ${LINE_ITEMS} line items (requests accept gzip, as browsers do)`)
    const detailViaGateway = () => timedRequest(`${api}/estimates/${estimateId}/sections`, { headers: { cookie: session.cookie } })
    const detailUncompressed = () =>
      timedRequest(`${api}/estimates/${estimateId}/sections`, { headers: { cookie: session.cookie, 'accept-encoding': 'identity' } })
    const detailRaw = () =>
      timed(async () => {
        await pool.query('SELECT * FROM sections WHERE estimate_id = $1 AND organization_id = $2 ORDER BY sort_order', [estimateId, ORG])
        await pool.query('SELECT * FROM line_items WHERE estimate_id = $1 AND organization_id = $2 ORDER BY section_id, sort_order', [estimateId, ORG])
      })
    const detailDirect = () => direct(`/estimates/${estimateId}/sections`)
    const atC1 = await measureInTurns({ gateway: detailViaGateway, uncompressed: detailUncompressed, service: detailDirect, raw: detailRaw }, 300, 100)
    const ratio = atC1.gateway.p95 / atC1.raw.p95
    row('c=1 via gateway', atC1.gateway)
    row('c=1 via gateway, no gzip', atC1.uncompressed)
    row('c=1 service alone', atC1.service)
    row('c=1 raw pg (same rows)', atC1.raw)
    const detailC16 = await measureConcurrentInTurns(
      { gateway: detailViaGateway, service: detailDirect, raw: detailRaw },
      { concurrency: 16, requests: 2400, warmup: 100 },
    )
    row('c=16 via gateway', detailC16.gateway)
    row('c=16 service alone', detailC16.service)
    row('c=16 raw pg (same rows)', detailC16.raw)
    target(
      'c=16 throughput via the gateway ≥ 50 % of raw',
      `${Math.round((detailC16.gateway.rps / detailC16.raw.rps) * 100)} %`,
      detailC16.gateway.rps >= 0.5 * detailC16.raw.rps,
    )
    // An edit moves the estimate's sections version: the next read builds the document anew.
    const editedItem = (await pool.query<{ id: string }>(`SELECT id FROM line_items WHERE estimate_id = $1 LIMIT 1`, [estimateId])).rows[0].id
    let edits = 0
    const afterEdit =
      <T>(fn: () => Promise<T>) =>
      async () => {
        await pool.query(`UPDATE line_items SET notes = $2 WHERE id = $1`, [editedItem, `edit ${++edits}`])
        return fn()
      }
    const cold = await measureInTurns({ gateway: afterEdit(detailViaGateway), raw: afterEdit(detailRaw) }, 150, 10)
    const [coldGateway, coldRaw] = [cold.gateway, cold.raw]
    row('first read after an edit, c=1 via gateway', coldGateway)
    row('first read after an edit, c=1 raw pg', coldRaw)
    target('detail p95 ≤ 1.5× raw at c=1', `${ratio.toFixed(2)}×`, ratio <= 1.5)
    const coldRatio = coldGateway.p95 / coldRaw.p95
    target('first read after an edit p95 ≤ 1.5× raw', `${coldRatio.toFixed(2)}×`, coldRatio <= 1.5)
  } finally {
    await pool.end()
  }
}

/**
 * `npm run bench -- create` runs this part alone (seeding the same 100,000 estimates first, so
 * its inserts land in a table of the same size); `estimates` runs it after the list and detail.
 */
export async function benchCreate(stack: Stack, session: BrowserSession, databaseUrl: string, opts: { seed: boolean }): Promise<void> {
  const pool = new pg.Pool(poolConfig(databaseUrl, 'estimates', 16))
  const api = `http://127.0.0.1:${stack.servicePorts.gateway}/api/organizations/${ORG}`
  try {
    if (opts.seed) await seedEstimates(pool)
    console.log('\nCreate estimate (quota check, phases, content sections, outbox event)')
    const { rows } = await pool.query<{ id: string }>(`SELECT id FROM project_types WHERE organization_id IS NULL ORDER BY sort_order LIMIT 1`)
    const body = JSON.stringify({
      projectTypeId: rows[0].id,
      projectName: 'Bench roof',
      clientName: 'Bench Client',
      clientEmail: 'bench@example.com',
      propertyAddress: '1 Bench St, Austin, TX 78701',
      totalCost: '18500',
      squareFootage: 1800,
      specialFeatures: '',
      meetingTranscript: '',
      aiSummary: '',
    })
    const create = () => timedRequest(`${api}/estimates`, { method: 'POST', headers: session.writeHeaders, body, expect: 201 })
    const createRaw = () => timed(() => insertEstimateRows(pool, rows[0].id))
    const createAtC1 = await measureInTurns({ gateway: create, raw: createRaw }, 200, 20)
    row('c=1 via gateway', createAtC1.gateway)
    row('c=1 raw pg (same rows)', createAtC1.raw)
    const createC16 = await measureConcurrentInTurns({ gateway: create, raw: createRaw }, { concurrency: 16, requests: 800, warmup: 40 })
    row('c=16 via gateway', createC16.gateway)
    row('c=16 raw pg (same rows)', createC16.raw)
    const createRatio = createAtC1.gateway.p50 / createAtC1.raw.p50
    target('create p50 ≤ 2× raw at c=1', `${createRatio.toFixed(2)}×`, createRatio <= 2)
    target(
      'create throughput ≥ 40 % of raw at c=16',
      `${Math.round((createC16.gateway.rps / createC16.raw.rps) * 100)} %`,
      createC16.gateway.rps >= 0.4 * createC16.raw.rps,
    )
    console.log("  (raw: the same rows in one transaction, without the quota question to admin, idempotency or the answer's JSON)")
  } finally {
    await pool.end()
  }
}
