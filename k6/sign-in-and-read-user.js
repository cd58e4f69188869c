// k6 run -e BASE_URL=http://localhost:3000 -e EMAIL=you@example.com -e PASSWORD=… k6/sign-in-and-read-user.js
// Signs one user in once, then reads /api/user in a loop: the path every page load takes through
// the gateway (session lookup, identity token, auth service). Without EMAIL and PASSWORD it uses
// the demo account, which only `npm start` seeds: docker compose runs in production mode, where
// nothing is seeded, so register an account there first.

import { check } from 'k6'
import http from 'k6/http'

export const options = {
  scenarios: {
    steady: { executor: 'constant-vus', vus: 16, duration: '30s' },
  },
  thresholds: { http_req_failed: ['rate<0.01'], 'http_req_duration{name:user}': ['p(95)<50'] },
}

const BASE = __ENV.BASE_URL || 'http://localhost:3000'

export function setup() {
  const csrf = http.get(`${BASE}/api/user`).cookies.plumbline_csrf?.[0]?.value
  const res = http.post(
    `${BASE}/api/login`,
    JSON.stringify({ email: __ENV.EMAIL || 'demo@plumbline.dev', password: __ENV.PASSWORD || 'Demo-Plumbline-2025' }),
    {
      headers: { 'Content-Type': 'application/json', 'x-csrf-token': csrf, Origin: BASE },
      cookies: { plumbline_csrf: csrf },
    },
  )
  check(res, { 'signed in': (r) => r.status === 200 })
  return { sid: res.cookies.plumbline_sid[0].value }
}

export default function (data) {
  const res = http.get(`${BASE}/api/user`, { cookies: { plumbline_sid: data.sid }, tags: { name: 'user' } })
  check(res, { 'user read': (r) => r.status === 200 })
}
