// The floor of any HTTP hop on this machine, for the gateway bench: a node:http server that
// forwards every request to one upstream through an undici keep-alive pool and pipes the answer
// back, adding the identity header and nothing else (no session, no checks, no logs, no metrics).
// Run as its own process, like the gateway (forked: node bare-proxy.mjs <upstream origin>, the
// identity header's name in BARE_PROXY_HEADER); it answers with its port, then takes tokens.
import { createServer } from 'node:http'
import { Agent } from 'undici'

const [origin] = process.argv.slice(2)
const header = process.env.BARE_PROXY_HEADER
let token = ''
process.on('message', (next) => (token = next)) // the bench re-signs the short-lived token
const agent = new Agent()

const server = createServer(async (req, res) => {
  try {
    const upstream = await agent.request({ origin, path: req.url, method: req.method, headers: { ...req.headers, [header]: token } })
    res.writeHead(upstream.statusCode, upstream.headers)
    upstream.body.pipe(res)
  } catch {
    res.writeHead(502).end()
  }
})
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }))
