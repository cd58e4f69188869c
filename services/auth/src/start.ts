import type { Closer } from '@plumbline/service-kit'
import { startIdentityResponder } from './consumers/identity-responder.js'
import type { AuthDeps } from './deps.js'
import { seedDemoAccounts } from './usecases/seed-demo-accounts.js'
import { seedSystemRoles } from './usecases/seed-system-roles.js'

/**
 * Start-up work beyond the shared runtime: built-in roles (every start), demo data (npm start),
 * the mail transport (the dev sink binds its port here) and the identity responder.
 */
export async function startAuth(deps: AuthDeps): Promise<Closer[]> {
  await seedSystemRoles(deps)
  if (deps.env.SEED_DEMO) await seedDemoAccounts(deps)
  await deps.mailer.start()
  const responder = startIdentityResponder(deps)
  return [
    { name: 'identity-responder', close: () => responder.stop() },
    { name: 'mailer', close: () => deps.mailer.close() },
  ]
}
