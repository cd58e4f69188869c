import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: { name: 'web', environment: 'happy-dom', setupFiles: ['../../frontends/testing-library-setup.ts'], include: ['src/**/*.test.{ts,tsx}'] },
})
