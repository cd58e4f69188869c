// The scenarios' client on k6: http.asyncRequest with explicit cookies (the scenarios pass the
// session they were given; the VU's own jar is not used) and k6's check and sleep.
import { check, sleep } from 'k6'
import http from 'k6/http'

export function k6Client(base) {
  return {
    async request(method, path, opts = {}) {
      const headers = {}
      if (opts.body !== undefined) headers['Content-Type'] = 'application/json'
      if (opts.cookie) headers.Cookie = opts.cookie
      if (opts.csrf) {
        headers['x-csrf-token'] = opts.csrf
        headers.Origin = base
      }
      const expected = opts.expect ?? 200
      const res = await http.asyncRequest(method, `${base}${path}`, opts.body === undefined ? null : JSON.stringify(opts.body), {
        headers,
        tags: { name: opts.name ?? path },
        // A response with the expected status is not a failure, whatever it is (401 for the CSRF probe).
        responseCallback: http.expectedStatuses(expected),
        jar: null,
      })
      return {
        status: res.status,
        json: () => res.json(),
        cookie: (name) => res.cookies[name]?.[0]?.value,
      }
    },
    check: (res, checks) => check(res, checks),
    sleep: (s) => sleep(s),
  }
}
