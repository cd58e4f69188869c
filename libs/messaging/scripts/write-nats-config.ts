import { writeFileSync } from 'node:fs'
import { natsServerConfig } from '../src/permissions.js'

// Writes deploy/nats/nats-server.conf from the permission table (libs/messaging/src/permissions.ts).
const target = new URL('../../../deploy/nats/nats-server.conf', import.meta.url)
writeFileSync(target, natsServerConfig())
console.log(`wrote ${target.pathname}`)
