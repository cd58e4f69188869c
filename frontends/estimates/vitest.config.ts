import { defineConfig } from 'vitest/config'

// Component and unit tests (happy-dom). Browser journeys in test/e2e run under vitest.e2e.config.ts.
export default defineConfig({
  test: {
    name: 'estimates',
    environment: 'happy-dom',
    setupFiles: ['../testing-library-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**', '**/node_modules/**'],
    // Whole-page tests render the detail screen; on a busy 2-core machine they can pass 5 s.
    testTimeout: 15_000,
  },
})
