import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Express } from 'express'

export type Reply = { status: number; headers: Headers; text: string; json: any }
export type CallOptions = { body?: unknown; rawBody?: string; contentType?: string; headers?: Record<string, string> }
export type Call = (method: string, path: string, opts?: CallOptions) => Promise<Reply>

/**
 * Listens on an ephemeral loopback port and returns a small client for integration tests: JSON
 * bodies (or raw ones, to test malformed input), redirects not followed, the body parsed when
 * it is JSON.
 */
export async function serveForTests(app: Express): Promise<{ url: string; call: Call; close: () => Promise<void> }> {
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const call: Call = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers }
    let body: string | undefined
    if (opts.rawBody !== undefined) {
      body = opts.rawBody
      headers['content-type'] = opts.contentType ?? 'application/json'
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body)
      headers['content-type'] = 'application/json'
    }
    const res = await fetch(`${url}${path}`, { method, headers, body, redirect: 'manual' })
    const text = await res.text()
    let json: any
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: res.status, headers: res.headers, text, json }
  }
  const close = async () => {
    server.closeAllConnections()
    await new Promise((r) => server.close(r))
  }
  return { url, call, close }
}
