// `npm run bench`: starts the real stack (own ports, database and prefixes) and prints latency
// percentiles and throughput beside raw baselines. Figures are printed, not asserted: tests
// check behaviour, not time. Run it on a quiet machine: other load skews every figure.
import './lib/require-node.js' // first: stops on a Node older than 24 before anything else loads
import { join } from 'node:path'
import { ensureDatabase, withDatabase } from '@plumbline/db'
import { generateIdentityKeyEnv, parseSigningKey } from '@plumbline/service-kit'
import { benchAi } from './bench/ai.js'
import { benchCreate, benchEstimates } from './bench/estimates.js'
import { benchFrontends } from './bench/frontends.js'
import { benchGatewayHop } from './bench/gateway-hop.js'
import { benchLoad } from './bench/load.js'
import { closeAgent } from './bench/measure.js'
import { benchMeetings } from './bench/meetings.js'
import { benchMemory } from './bench/memory.js'
import { benchPdf } from './bench/pdf.js'
import { signInDemoUser } from './bench/session.js'
import { benchTranscription } from './bench/transcription.js'
import { buildFrontends } from './lib/build.js'
import { ensureInfra } from './lib/infra.js'
import { root, startStack } from './lib/stack.js'

const identityKeys = generateIdentityKeyEnv()
const signingKey = parseSigningKey(identityKeys.IDENTITY_SIGNING_KEY)
const infra = await ensureInfra()
buildFrontends()
const id = `bench${Date.now().toString(36)}`
const databaseUrl = withDatabase(infra.databaseUrl, id)
await ensureDatabase(databaseUrl)
const stack = await startStack({
  // BENCH_PORT: another port when several people share the machine.
  port: Number(process.env.BENCH_PORT ?? 3600),
  databaseUrl,
  natsUrl: infra.natsUrl,
  redisUrl: infra.redisUrl,
  busPrefix: id,
  redisPrefix: `${id}:`,
  seedDemo: true,
  logDir: join(root, 'test-output', 'bench-logs'),
  // Quiet logs and no monthly cap: the create scenario makes about a thousand estimates.
  identityKeys,
  env: {
    LOG_LEVEL: 'warn',
    GATEWAY_HOST: '127.0.0.1',
    DEFAULT_ESTIMATES_LIMIT: '-1',
    DEFAULT_PDF_LIMIT: '-1',
    DEFAULT_AI_LIMIT: '-1',
    RATE_LIMIT_LOGIN: '1000',
    RATE_LIMIT_AI: '100000',
    RATE_LIMIT_PUBLIC_ESTIMATE: '100000',
    // The bench drives one organisation far past a tenant's fair share on purpose.
    TENANT_RATE_PER_SECOND: '1000000',
    TENANT_BURST: '1000000',
    // The upload scenario measures storing a 200 MB recording, not transcribing 1.7 hours of it
    // (the recogniser's speed is its own part: transcription).
    TRANSCRIPTION_PROVIDER: 'none',
  },
})

// `npm run bench -- estimates pdf` runs only the named parts (`create`: only the estimate create
// part of `estimates`); no names run them all.
const only = new Set(process.argv.slice(2))
const wanted = (part: string) => only.size === 0 || only.has(part)
try {
  const session = await signInDemoUser(stack.url)
  if (wanted('gateway')) await benchGatewayHop(stack, session, signingKey)
  if (wanted('estimates')) await benchEstimates(stack, session, databaseUrl, signingKey)
  // `create` alone seeds its own 100,000 estimates; after `estimates` they are there already.
  if (wanted('estimates') || wanted('create')) await benchCreate(stack, session, databaseUrl, { seed: !wanted('estimates') })
  if (wanted('pdf')) await benchPdf()
  if (wanted('ai')) await benchAi()
  if (wanted('meetings')) await benchMeetings(stack, session, databaseUrl)
  if (wanted('transcription')) await benchTranscription()
  if (wanted('frontends')) await benchFrontends(stack, session)
  if (wanted('load')) await benchLoad(stack.url)
  if (wanted('memory')) await benchMemory(stack, session)
} finally {
  await stack.stop()
  await infra.stop()
  closeAgent()
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: withDatabase(infra.databaseUrl, 'postgres') })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS "${id}" WITH (FORCE)`).catch(() => {})
  await admin.end()
}
process.exit(0)
