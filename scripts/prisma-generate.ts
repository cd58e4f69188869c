// Generates each service's Prisma client. The CLI insists on a schema-engine binary even for
// `generate` (which never uses it) and would try to download one; any executable satisfies it.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const services = readdirSync(join(root, 'services')).filter((s) => existsSync(join(root, 'services', s, 'prisma', 'schema.prisma')))
for (const service of services) {
  execFileSync(process.execPath, [join(root, 'node_modules/prisma/build/index.js'), 'generate'], {
    cwd: join(root, 'services', service),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? '/bin/true',
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
      CHECKPOINT_DISABLE: '1',
    },
  })
  console.log(`prisma client generated for ${service}`)
}
