import { defineConfig } from 'vitest/config'

// Component and unit tests (happy-dom). Browser journeys in test/e2e run under vitest.e2e.config.ts.
export default defineConfig({
  test: {
    name: 'meetings',
    environment: 'happy-dom',
    setupFiles: ['../testing-library-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**', '**/node_modules/**'],
  },
})
