import { defineConfig } from 'vitest/config'

// Browser journeys: one real stack (every service, gateway, shell and remotes) for all files,
// started by the global setup; files run one after another on this 2-core machine.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['frontends/*/test/e2e/**/*.e2e.test.ts'],
    globalSetup: ['scripts/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    // A page shows a write's result after its request and a refetch: on a busy 2-core machine
    // that can take longer than expect.poll's default second.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 180_000,
  },
})
