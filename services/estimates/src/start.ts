import type { Closer } from '@plumbline/service-kit'
import type { EstimatesDeps } from './deps.js'
import { seedSystemCatalog } from './seed/seed-system-catalog.js'
import { seedDemoEstimates } from './seed/seed-demo-estimates.js'

/** Start-up work beyond the shared runtime: system catalog (every start), demo data (npm start). */
export async function startEstimates(deps: EstimatesDeps): Promise<Closer[]> {
  await seedSystemCatalog(deps.prisma)
  if (deps.env.SEED_DEMO) await seedDemoEstimates(deps)
  return []
}
