import { writeFileSync } from 'node:fs'
import { natsServerConfig } from '../src/permissions.js'

// Writes the NATS servers' users and permissions from the permission table
// (libs/messaging/src/permissions.ts): deploy/nats/nats-server.conf for production and compose
// (no bus prefix), deploy/nats-dev/nats-server.conf for the dev overlay (BUS_PREFIX=dev).
for (const [file, prefix] of [
  ['../../../deploy/nats/nats-server.conf', ''],
  ['../../../deploy/nats-dev/nats-server.conf', 'dev'],
] as const) {
  const target = new URL(file, import.meta.url)
  writeFileSync(target, natsServerConfig(prefix))
  console.log(`wrote ${target.pathname}`)
}
