import type { AddressInfo } from 'node:net'
import express from 'express'
import { describe, expect, it } from 'vitest'
import type { AuthEnv } from '../../src/env.js'
import { clearSessionCookie, setSessionCookie } from '../../src/http/session-cookie.js'

async function cookiesSet(nodeEnv: AuthEnv['NODE_ENV']): Promise<string[]> {
  const env = { NODE_ENV: nodeEnv, SESSION_TTL_SECONDS: 60 } as AuthEnv
  const app = express()
  app.get('/', (_req, res) => {
    setSessionCookie(res, env, 'a'.repeat(43))
    clearSessionCookie(res, env)
    res.end()
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise((r) => server.once('listening', r))
  try {
    return (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)).headers.getSetCookie()
  } finally {
    server.close()
  }
}

describe('session cookie', () => {
  it('is __Host- prefixed, Secure, Path=/ and without Domain in production', async () => {
    const [set, clear] = await cookiesSet('production')
    expect(set).toMatch(/^__Host-plumbline_sid=a{43};/)
    expect(set).toContain('Path=/')
    expect(set).toContain('Secure')
    expect(set).toContain('HttpOnly')
    expect(set).not.toMatch(/Domain=/i)
    expect(clear).toMatch(/^__Host-plumbline_sid=;/)
  })

  it('keeps the plain name over development HTTP', async () => {
    const [set] = await cookiesSet('development')
    expect(set).toMatch(/^plumbline_sid=/)
    expect(set).not.toContain('Secure')
  })
})
