import http from 'node:http'
import { pipeline } from 'node:stream/promises'
import express from 'express'
import { Agent } from 'undici'
import { measure, timedRequest, fmt } from '../bench/measure.js'

const body = JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ id: crypto.randomUUID(), name: `Item ${i}`, description: null, quantity: '2.500', unitCost: '19.99', totalCost: '49.98', isLabor: false, notes: null, vendor: null })))
console.log('body bytes', Buffer.byteLength(body))
const up = express(); up.get('/x', (_req, res) => { res.type('application/json').send(body) })
const upServer = up.listen(0, '127.0.0.1'); await new Promise(r => upServer.once('listening', r))
const upPort = (upServer.address() as any).port
const agent = new Agent({ headersTimeout: 0, bodyTimeout: 30000 })
const gw = express(); gw.set('etag', false)
gw.get('/pipe', async (_req, res) => {
  const u = await agent.request({ origin: `http://127.0.0.1:${upPort}`, path: '/x', method: 'GET' })
  res.status(u.statusCode); for (const [k, v] of Object.entries(u.headers)) if (v !== undefined && k !== 'connection' && k !== 'keep-alive' && k !== 'transfer-encoding') res.setHeader(k, v as any)
  await pipeline(u.body, res)
})
gw.get('/buffer', async (_req, res) => {
  const u = await agent.request({ origin: `http://127.0.0.1:${upPort}`, path: '/x', method: 'GET' })
  res.status(u.statusCode); for (const [k, v] of Object.entries(u.headers)) if (v !== undefined && k !== 'connection' && k !== 'keep-alive' && k !== 'transfer-encoding') res.setHeader(k, v as any)
  const chunks: Buffer[] = []; for await (const c of u.body) chunks.push(c as Buffer)
  res.end(Buffer.concat(chunks))
})
gw.get('/cork', async (_req, res) => {
  const u = await agent.request({ origin: `http://127.0.0.1:${upPort}`, path: '/x', method: 'GET' })
  res.status(u.statusCode); for (const [k, v] of Object.entries(u.headers)) if (v !== undefined && k !== 'connection' && k !== 'keep-alive' && k !== 'transfer-encoding') res.setHeader(k, v as any)
  for await (const c of u.body) { if (!res.write(c)) await new Promise(r => res.once('drain', r)) }
  res.end()
})
const gwServer = gw.listen(0, '127.0.0.1'); await new Promise(r => gwServer.once('listening', r))
const gwPort = (gwServer.address() as any).port
for (const round of [1, 2]) {
  console.log('round', round)
  console.log('direct  ', fmt(await measure(() => timedRequest(`http://127.0.0.1:${upPort}/x`), 1, 500, 100)))
  console.log('pipe    ', fmt(await measure(() => timedRequest(`http://127.0.0.1:${gwPort}/pipe`), 1, 500, 100)))
  console.log('buffer  ', fmt(await measure(() => timedRequest(`http://127.0.0.1:${gwPort}/buffer`), 1, 500, 100)))
  console.log('write   ', fmt(await measure(() => timedRequest(`http://127.0.0.1:${gwPort}/cork`), 1, 500, 100)))
}
process.exit(0)
