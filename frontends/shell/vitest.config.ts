import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: { name: 'shell', environment: 'happy-dom', setupFiles: ['../testing-library-setup.ts'], include: ['src/**/*.test.{ts,tsx}'] },
})
