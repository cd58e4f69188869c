import { join } from 'node:path'
import { defineConfig } from 'vitest/config'

/**
 * The vitest project of a front end or a browser-side lib: component and unit tests in happy-dom,
 * with Testing Library. Browser journeys (test/e2e) run under vitest.e2e.config.ts.
 */
export function componentTests(name: string) {
  return defineConfig({
    test: {
      name,
      environment: 'happy-dom',
      setupFiles: [join(import.meta.dirname, 'frontends', 'testing-library-setup.ts')],
      include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
      exclude: ['test/e2e/**', '**/node_modules/**'],
      // Whole-page tests render a screen with its queries; beside the journeys and the service
      // tests on a busy 2-core machine they can pass vitest's default 5 s.
      testTimeout: 15_000,
    },
  })
}
