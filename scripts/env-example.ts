// `npm run env:example`: writes .env.example from the settings parsers themselves: ZBaseEnv
// (libs/service-kit/src/env.ts, every service) and each service's own schema (services/*/src/env.ts),
// every setting with its default and the comment written beside it in the schema, plus the few
// settings read outside a schema (tracing, the scripts). libs/testing/test/env-example.test.ts
// fails when the file and the schemas drift apart.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ZBaseEnv } from '@plumbline/service-kit'
import type { z } from 'zod'
import { ZAdminEnv } from '../services/admin/src/env.js'
import { ZAiEnv } from '../services/ai/src/env.js'
import { ZAuthEnv } from '../services/auth/src/env.js'
import { ZDocumentsEnv } from '../services/documents/src/env.js'
import { ZEstimatesEnv } from '../services/estimates/src/env.js'
import { ZGatewayEnv } from '../services/gateway/src/env.js'
import { ZMeetingsEnv } from '../services/meetings/src/env.js'

const root = join(import.meta.dirname, '..')
export const ENV_EXAMPLE_PATH = join(root, '.env.example')

type Section = { name: string; schema: z.ZodType; sources: string[] }

const SERVICES: Section[] = [
  { name: 'gateway', schema: ZGatewayEnv, sources: ['services/gateway/src/env.ts'] },
  { name: 'auth', schema: ZAuthEnv, sources: ['services/auth/src/env.ts'] },
  { name: 'estimates', schema: ZEstimatesEnv, sources: ['services/estimates/src/env.ts'] },
  { name: 'ai', schema: ZAiEnv, sources: ['services/ai/src/env.ts'] },
  { name: 'documents', schema: ZDocumentsEnv, sources: ['services/documents/src/env.ts'] },
  { name: 'meetings', schema: ZMeetingsEnv, sources: ['services/meetings/src/env.ts', 'services/meetings/src/transcription/select-provider.ts'] },
  { name: 'admin', schema: ZAdminEnv, sources: ['services/admin/src/env.ts'] },
]

/** Read outside the schemas: [name, default or '' when unset, what it does]. */
const OTHERS: [string, string, string][] = [
  ['OTEL_EXPORTER_OTLP_ENDPOINT', '', 'Where every service sends traces (OTLP/HTTP, e.g. http://localhost:4318); unset: no tracing.'],
  ['OTEL_SDK_DISABLED', 'false', 'true turns tracing off even with an endpoint.'],
  ['OTEL_TRACES_SAMPLER_RATIO', '', 'Share of traces kept (0 to 1); unset: all.'],
  ['PORT', '3000', '`npm start`: the gateway (the app) listens here, the services and remotes on ports beside it.'],
  ['E2E_PORT', '3300', "`npm run test:e2e` and `npm test`: the browser journeys' stack."],
  ['BENCH_PORT', '3600', '`npm run bench`: the measured stack.'],
  ['CHROMIUM_PATH', '', "A Chrome or Chromium for the browser journeys; unset: Debian's /usr/bin/chromium."],
]

type Def = { type: string; in?: z.ZodType; innerType?: z.ZodType; defaultValue?: unknown; shape?: Record<string, z.ZodType> }
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def

/** The object a service schema is built on (withProductionChecks wraps it in a transform). */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const def = defOf(schema)
  if (def.type === 'object' && def.shape) return def.shape
  if (def.type === 'pipe' && def.in) return shapeOf(def.in)
  throw new Error(`not an object schema: ${def.type}`)
}

/** The default as it would be written in the environment, or undefined when the setting is optional. */
function defaultOf(field: z.ZodType): string | undefined {
  const def = defOf(field)
  if (def.type === 'default') {
    const value = def.defaultValue
    return typeof value === 'object' ? JSON.stringify(value) : String(value)
  }
  if (def.type === 'pipe' && def.in) return defaultOf(def.in)
  if (def.type === 'optional' || def.type === 'nullable') return undefined
  throw new Error(`a setting with neither a default nor optional: ${def.type}`)
}

/** The doc comment written right above `name:` in any of `sources`, on one line. */
function commentOf(name: string, sources: string[]): string | undefined {
  for (const source of sources) {
    const text = readFileSync(join(root, source), 'utf8')
    const match = new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*${name}:`).exec(text)
    if (match?.[1])
      return match[1]
        .split('\n')
        .map((line) => line.replace(/^\s*\*\s?/, '').trim())
        .filter(Boolean)
        .join(' ')
  }
  return undefined
}

function lines(name: string, value: string | undefined, comment: string | undefined, commented: boolean): string[] {
  const out = comment ? [`# ${comment}`] : []
  if (value === undefined) out.push(`# ${name}=`)
  else out.push(`${commented ? '# ' : ''}${name}=${value}`)
  return out
}

export function renderEnvExample(): string {
  const base = shapeOf(ZBaseEnv)
  const own = SERVICES.map((s) => ({ ...s, fields: Object.entries(shapeOf(s.schema)).filter(([name]) => !(name in base)) }))
  // A name several services read (PORT, APP_URL, SEED_DEMO) is set per process: commented out here.
  const counts = new Map<string, number>()
  for (const s of own) for (const [name] of s.fields) counts.set(name, (counts.get(name) ?? 0) + 1)
  const out = [
    '# Every setting Plumbline reads, with its default. Nothing here is needed: `npm start` and',
    '# `npm test` run on these defaults. Production refuses the development secrets and needs',
    '# HOST, the identity keys, SMTP_URL and its own secrets (deploy/README.md).',
    '# A commented `NAME=` has no default (unset); a commented `# NAME=value` is one several',
    '# services read, set per process. Generated by `npm run env:example` from the schemas.',
    '',
    '# ── every service (libs/service-kit/src/env.ts) ──',
  ]
  for (const [name, field] of Object.entries(base)) out.push(...lines(name, defaultOf(field), commentOf(name, ['libs/service-kit/src/env.ts']), false))
  for (const s of own) {
    out.push('', `# ── ${s.name} (${s.sources.join(', ')}) ──`)
    for (const [name, field] of s.fields) out.push(...lines(name, defaultOf(field), commentOf(name, s.sources), (counts.get(name) ?? 0) > 1))
  }
  out.push('', '# ── outside the schemas (libs/telemetry, scripts) ──')
  for (const [name, value, comment] of OTHERS) out.push(`# ${comment}`, value ? `${name}=${value}` : `# ${name}=`)
  return `${out.join('\n')}\n`
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(ENV_EXAMPLE_PATH, renderEnvExample())
  console.log(`wrote ${ENV_EXAMPLE_PATH}`)
}
