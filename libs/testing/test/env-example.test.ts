import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ENV_EXAMPLE_PATH, renderEnvExample } from '../../../scripts/env-example.js'

describe('.env.example', () => {
  it('names every setting the parsers read, with its default (regenerate: npm run env:example)', () => {
    expect(readFileSync(ENV_EXAMPLE_PATH, 'utf8')).toBe(renderEnvExample())
  })

  it('lists the settings a fresh checkout asks about first', () => {
    const text = renderEnvExample()
    for (const line of ['DATABASE_URL=postgresql://postgres@127.0.0.1:5432/plumbline', '# SMTP_URL=', '# OPENAI_API_KEY=', 'TRANSCRIPTION_MODEL=whisper-1'])
      expect(text.split('\n')).toContain(line)
  })
})
