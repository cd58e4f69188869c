// `npm start`: infrastructure (shared or embedded), front-end builds, migrations, demo data, every
// service and remote, then the URL to open. Ctrl-C stops everything it started.
import './lib/require-node.js' // first: stops on a Node older than 24 before anything else loads
import { join } from 'node:path'
import { DEMO_ACCOUNTS } from '../services/auth/src/seed/demo-accounts.js'
import { buildFrontends } from './lib/build.js'
import { ensureInfra } from './lib/infra.js'
import { ensureSpeechTools } from './lib/speech-tools.js'
import { root, startStack } from './lib/stack.js'

const port = Number(process.env.PORT ?? 3000)
const step = (m: string) => console.log(`\x1b[36m▸\x1b[0m ${m}`)

ensureSpeechTools(step, { required: false })
step('Checking PostgreSQL, NATS and Redis')
// NATS and Redis of the stack's own, with the production users, beside the app's ports.
const infra = await ensureInfra(step, { secured: { natsPort: port + 1010, redisPort: port + 1011 } })
step('Building the shell and the remotes')
buildFrontends()
step('Starting services (each applies its migrations)')
const stack = await startStack({
  port,
  databaseUrl: infra.databaseUrl,
  natsUrl: infra.natsUrl,
  redisUrl: infra.redisUrl,
  users: infra.users,
  seedDemo: true,
  logDir: join(root, '.data', 'logs'),
}).catch(async (err: Error) => {
  // Leave nothing behind: the stack stopped its own processes; stop the embedded servers too.
  console.error(`\n\x1b[31mStart-up failed:\x1b[0m ${err.message}\nLogs: .data/logs/<service>.log\n`)
  await infra.stop()
  process.exit(1)
})

const line = '─'.repeat(64)
console.log(`\n${line}
  Plumbline is running:  \x1b[1m${stack.url}\x1b[0m

  Demo user:       ${DEMO_ACCOUNTS.user.email}  /  ${DEMO_ACCOUNTS.user.password}
  Platform admin:  ${DEMO_ACCOUNTS.admin.email}  /  ${DEMO_ACCOUNTS.admin.password}
  Dev mailbox:     ${stack.url}/__dev/mailbox   (verification and reset mails)
  Logs:            .data/logs/<service>.log
  Infrastructure:  ${infra.started.length ? `embedded ${infra.started.join(', ')} (data in .data/)` : 'PostgreSQL, NATS and Redis at the configured URLs'}
  NATS and Redis:  ${infra.users ? `${infra.natsUrl}, ${infra.redisUrl}: a user per service (passwords in .data/infra-users.json)` : 'at the configured URLs, without per-service users'}

  Press Ctrl-C to stop.
${line}\n`)

let stopping = false
const shutdown = async () => {
  if (stopping) return
  stopping = true
  console.log('\nStopping…')
  await stack.stop()
  await infra.stop()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
