import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: { name: 'share', environment: 'happy-dom', include: ['src/**/*.test.{ts,tsx}'] },
})
