// The scenarios' client on Node (where no k6 binary exists): fetch with explicit cookies, and the
// same figures k6 keeps: request durations by name, failed requests, checks.

export type Sample = { name: string; ms: number; failed: boolean }
export type Recorder = { requests: Sample[]; checks: { name: string; ok: boolean }[] }

type RequestOptions = { body?: unknown; cookie?: string; csrf?: string; name?: string; expect?: number }
/** json() is the answer's parsed body, typed by the scenario that reads it (plain JS). */
export type ScenarioResponse = { status: number; json: () => unknown; cookie: (name: string) => string | undefined }

export function nodeClient(base: string, recorder: Recorder) {
  return {
    async request(method: string, path: string, opts: RequestOptions = {}): Promise<ScenarioResponse> {
      const headers: Record<string, string> = { 'accept-encoding': 'gzip' }
      if (opts.body !== undefined) headers['content-type'] = 'application/json'
      if (opts.cookie) headers.cookie = opts.cookie
      if (opts.csrf) {
        headers['x-csrf-token'] = opts.csrf
        headers.origin = base
      }
      const started = performance.now()
      let status = 0
      let text = ''
      let cookies: string[] = []
      try {
        const res = await fetch(`${base}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) })
        text = await res.text()
        status = res.status
        cookies = res.headers.getSetCookie()
      } catch {
        status = 0 // refused or reset: a failed request, as k6 counts it
      }
      recorder.requests.push({ name: opts.name ?? path, ms: performance.now() - started, failed: status !== (opts.expect ?? 200) })
      return {
        status,
        json: () => JSON.parse(text),
        cookie: (name) =>
          cookies
            .map((c) => c.split(';')[0])
            .find((c) => c.startsWith(`${name}=`))
            ?.slice(name.length + 1),
      }
    },
    check(res: ScenarioResponse, checks: Record<string, (r: ScenarioResponse) => boolean>): boolean {
      let all = true
      for (const [name, fn] of Object.entries(checks)) {
        let ok = false
        try {
          ok = fn(res)
        } catch {
          ok = false
        }
        recorder.checks.push({ name, ok })
        all &&= ok
      }
      return all
    },
    sleep: (s: number) => new Promise<void>((resolve) => setTimeout(resolve, s * 1000)),
  }
}
