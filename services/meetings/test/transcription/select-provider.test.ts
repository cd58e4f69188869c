import { describe, expect, it } from 'vitest'
import { TranscriptionUnavailableError } from '../../src/transcription/provider.js'
import { selectTranscriptionProvider, ZTranscriptionEnv } from '../../src/transcription/select-provider.js'

const info = (env: Record<string, string>) => selectTranscriptionProvider(env).info()

describe('selectTranscriptionProvider', () => {
  it('uses the offline recogniser when nothing is configured and it is installed', () => {
    expect(info({})).toMatchObject({ id: 'pocketsphinx', available: true, label: 'Basic offline recogniser (pocketsphinx)' })
  })

  it('uses the OpenAI-compatible endpoint once a key or a base URL is set', () => {
    expect(info({ OPENAI_API_KEY: 'sk-test' })).toMatchObject({ id: 'openai', available: true, label: 'whisper-1 (OpenAI)' })
    expect(info({ OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1', TRANSCRIPTION_MODEL: 'ggml-small.en' })).toMatchObject({
      id: 'openai',
      label: 'ggml-small.en (127.0.0.1:8080)',
    })
  })

  it('says why there is no recogniser when the offline one is not installed', async () => {
    const provider = selectTranscriptionProvider({ POCKETSPHINX_BINARY: 'pocketsphinx_not_installed' })
    expect(provider.info()).toMatchObject({ id: 'none', available: false, reason: expect.stringMatching(/pocketsphinx is not installed.*apt-get install/) })
    expect(provider.info().hint).toContain('OPENAI_API_KEY')
    await expect(provider.transcribe('/tmp/any.webm')).rejects.toBeInstanceOf(TranscriptionUnavailableError)
  })

  it('follows an explicit choice', () => {
    expect(info({ TRANSCRIPTION_PROVIDER: 'pocketsphinx', OPENAI_API_KEY: 'sk-test' })).toMatchObject({ id: 'pocketsphinx' })
    expect(info({ TRANSCRIPTION_PROVIDER: 'none', OPENAI_API_KEY: 'sk-test' })).toMatchObject({ id: 'none', reason: expect.stringContaining('turned off') })
    // Chosen but not installed: the recogniser itself says so, under its own name.
    expect(info({ TRANSCRIPTION_PROVIDER: 'pocketsphinx', POCKETSPHINX_MODEL_DIR: '/nowhere' })).toMatchObject({
      id: 'pocketsphinx',
      available: false,
      reason: expect.stringContaining('model is missing'),
    })
  })

  it('refuses openai without a key or a base URL, saying which to set', () => {
    expect(info({ TRANSCRIPTION_PROVIDER: 'openai' })).toMatchObject({ id: 'none', available: false, reason: expect.stringContaining('needs OPENAI_API_KEY') })
  })

  it('rejects settings it cannot use', () => {
    expect(() => selectTranscriptionProvider({ TRANSCRIPTION_PROVIDER: 'whisper' })).toThrow()
    expect(() => selectTranscriptionProvider({ OPENAI_BASE_URL: 'not a url' })).toThrow()
    // Over 25 MB of WAV per upload.
    expect(ZTranscriptionEnv.safeParse({ TRANSCRIPTION_CHUNK_SECONDS: '900' }).success).toBe(false)
  })

  it('takes its settings parsed or raw, and can be extended into the service env', () => {
    const parsed = ZTranscriptionEnv.parse({ OPENAI_API_KEY: 'sk-test', TRANSCRIPTION_CHUNK_SECONDS: '300' })
    expect(parsed).toMatchObject({ TRANSCRIPTION_PROVIDER: 'auto', TRANSCRIPTION_MODEL: 'whisper-1', TRANSCRIPTION_CHUNK_SECONDS: 300 })
    expect(selectTranscriptionProvider(parsed).info().id).toBe('openai')
    const extended = ZTranscriptionEnv.extend({ PORT: ZTranscriptionEnv.shape.TRANSCRIPTION_MAX_ATTEMPTS })
    expect(extended.parse({ PORT: '4' })).toMatchObject({ PORT: 4, TRANSCRIPTION_PROVIDER: 'auto' })
  })
})
