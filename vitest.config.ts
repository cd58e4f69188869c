import { defineConfig } from 'vitest/config'

// Unit and integration tests of every package. Browser journeys live in vitest.e2e.config.ts.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'backend',
          environment: 'node',
          include: ['libs/*/test/**/*.test.ts', 'services/*/test/**/*.test.ts'],
          exclude: ['libs/ui/**', 'libs/web/**', 'libs/messaging/**', '**/node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // What a poll waits for crosses the bus, Redis or a child process: beside the journeys
          // on two cores that can take longer than expect.poll's default second.
          expect: { poll: { timeout: 10_000 } },
          // One module graph per worker instead of one per file: the services' graphs (Prisma
          // clients, express, OpenTelemetry) cost more to load than most files take to run. Each
          // file still gets its own database, bus prefix and Redis prefix (libs/testing).
          isolate: false,
        },
      },
      'libs/{ui,web,messaging}/vitest.config.ts',
      'frontends/*/vitest.config.ts',
    ],
  },
})
