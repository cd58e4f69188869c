import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: { name: 'estimates', environment: 'happy-dom', include: ['src/**/*.test.{ts,tsx}'] },
})
