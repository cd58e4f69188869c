import { RequestSubjects, ZSetCompanyLogoRequest } from '@plumbline/contracts'
import { type Replier, reply } from '@plumbline/messaging'
import type { AdminDeps } from '../deps.js'
import { setCompanyLogo } from '../usecases/set-company-logo.js'

/** The documents service records an uploaded (or removed) logo here, answered at once so the upload's reply is final. */
export function startCompanyLogoResponder(deps: Pick<AdminDeps, 'bus' | 'prisma'>): Replier {
  return reply(
    deps.bus,
    RequestSubjects.setCompanyLogo,
    async (input) => {
      await setCompanyLogo(deps.prisma, input)
      return { ok: true }
    },
    ZSetCompanyLogoRequest,
  )
}
