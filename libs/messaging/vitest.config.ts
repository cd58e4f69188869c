import { defineConfig } from 'vitest/config'

// Tests talk to real PostgreSQL and NATS servers (and start their own nats-server for the
// outage test), so timeouts are generous; each test file isolates itself by database and prefix.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
})
