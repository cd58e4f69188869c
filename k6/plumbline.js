// k6 run -e BASE_URL=https://plumbline.example.com -e PROFILE=average -e EMAIL=… -e PASSWORD=… k6/plumbline.js
// What users do (k6/lib/scenarios.js), mixed by weight, under a profile of k6/lib/profiles.js
// (smoke, average, stress, soak) with its thresholds. Without EMAIL and PASSWORD it uses the demo
// account, which only `npm start` seeds. Where no k6 binary exists, `npm run bench -- load`
// plays the same scenarios from Node and prints the same figures.
import { sleep } from 'k6'
import { k6Client } from './lib/k6-client.js'
import { PROFILES, THRESHOLDS } from './lib/profiles.js'
import { prepare, scenarioFor } from './lib/scenarios.js'

const BASE = __ENV.BASE_URL || 'http://localhost:3000'
const profile = PROFILES[__ENV.PROFILE || 'smoke']

export const options = {
  scenarios: { users: { executor: 'ramping-vus', startVUs: 1, stages: profile.stages, gracefulRampDown: '10s' } },
  thresholds: THRESHOLDS,
}

export async function setup() {
  return prepare(k6Client(BASE), { email: __ENV.EMAIL || 'demo@plumbline.dev', password: __ENV.PASSWORD || 'Demo-Plumbline-2025' })
}

export default async function (data) {
  await scenarioFor(profile, __ITER).run(k6Client(BASE), data)
  sleep(profile.thinkSeconds * (0.5 + Math.random()))
}
