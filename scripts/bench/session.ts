import { DEMO_ACCOUNTS } from '../../services/auth/src/seed/demo-accounts.js'

export type BrowserSession = { cookie: string; writeHeaders: Record<string, string>; userId: string; email: string }

/** Signs the demo user in through the gateway exactly as a browser does (CSRF cookie first). */
export const signInDemoUser = (baseUrl: string) => signIn(baseUrl, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password)

/** Signs an account in as a browser does: CSRF cookie first, then the session-bound token the sign-in answer carries. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<BrowserSession> {
  const first = await fetch(`${baseUrl}/api/user`)
  const csrf = /plumbline_csrf=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? ''
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: `plumbline_csrf=${csrf}`, origin: baseUrl },
    body: JSON.stringify({ email, password }),
  })
  const sid = /plumbline_sid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1]
  if (!sid) throw new Error(`login failed: ${login.status} ${await login.text()}`)
  const bound = /plumbline_csrf=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? csrf
  const cookie = `plumbline_sid=${sid}; plumbline_csrf=${bound}`
  const me = (await (await fetch(`${baseUrl}/api/user`, { headers: { cookie } })).json()) as { id: string; email: string }
  return { cookie, userId: me.id, email: me.email, writeHeaders: { cookie, 'x-csrf-token': bound, origin: baseUrl, 'content-type': 'application/json' } }
}
