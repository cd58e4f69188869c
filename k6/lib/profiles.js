// Load profiles and thresholds, shared by k6 (k6/plumbline.js) and the Node runner. Stages are
// k6's ramping-vus stages: a target number of virtual users reached over a duration.

export const PROFILES = {
  /** Does everything work at all: one user, every scenario at least once. */
  smoke: { stages: [{ duration: '30s', target: 1 }], thinkSeconds: 0.2, roundRobin: true },
  // roundRobin: scenarios in turn instead of drawn by weight, so that each one runs.
  /** A normal working day for a mid-size deployment. */
  average: {
    stages: [
      { duration: '30s', target: 8 },
      { duration: '2m', target: 8 },
      { duration: '20s', target: 0 },
    ],
    thinkSeconds: 1,
  },
  /** Past the expected peak, to find where latency bends. */
  stress: {
    stages: [
      { duration: '30s', target: 16 },
      { duration: '1m', target: 32 },
      { duration: '1m', target: 48 },
      { duration: '30s', target: 0 },
    ],
    thinkSeconds: 0.5,
  },
  /** Hours at the average, for leaks and slow growth (memory, connections, tables). */
  soak: {
    stages: [
      { duration: '1m', target: 8 },
      { duration: '2h', target: 8 },
      { duration: '1m', target: 0 },
    ],
    thinkSeconds: 1,
  },
}

/**
 * Pass/fail lines, in k6's threshold syntax (metric{tag} → conditions). The Node runner
 * evaluates the same expressions. Reads p95 under 300 ms, writes under 800 ms, PDFs under
 * 3 s; fewer than 1 % failed requests; 99 % of checks pass.
 */
export const THRESHOLDS = {
  http_req_failed: ['rate<0.01'],
  checks: ['rate>0.99'],
  'http_req_duration{name:list estimates}': ['p(95)<300', 'p(99)<800'],
  'http_req_duration{name:estimate detail}': ['p(95)<300', 'p(99)<800'],
  'http_req_duration{name:share link}': ['p(95)<300', 'p(99)<800'],
  'http_req_duration{name:create estimate}': ['p(95)<800', 'p(99)<1500'],
  'http_req_duration{name:add line item}': ['p(95)<800', 'p(99)<1500'],
  'http_req_duration{name:generate pdf}': ['p(95)<3000'],
  'http_req_duration{name:sign in}': ['p(95)<1500'],
}

/** '2m' → 120, '30s' → 30, '1h' → 3600. */
export function seconds(duration) {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(duration)
  if (!m) throw new Error(`unreadable duration ${duration}`)
  return Number(m[1]) * { ms: 0.001, s: 1, m: 60, h: 3600 }[m[2]]
}
