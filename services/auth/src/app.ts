import type { Express } from 'express'
import type { AuthDeps } from './deps.js'
import { accountRoutes } from './http/account-routes.js'
import { adminRoutes } from './http/admin-routes.js'
import { devMailRoutes } from './http/dev-mail-routes.js'
import { invitationRoutes } from './http/invitation-routes.js'
import { memberRoutes } from './http/member-routes.js'
import { noStore } from './http/no-store.js'
import { roleRoutes } from './http/role-routes.js'
import { sessionRoutes } from './http/session-routes.js'
import { userRoutes } from './http/user-routes.js'

export type { AuthDeps } from './deps.js'

/** Routes of the auth service; it sees paths without the gateway's /api prefix (POST /login). */
export const authRoutes = (deps: AuthDeps) => (app: Express) => {
  app.use(noStore)
  app.use(sessionRoutes(deps))
  app.use(accountRoutes(deps))
  app.use(userRoutes(deps))
  app.use(adminRoutes(deps))
  app.use(roleRoutes(deps))
  app.use(memberRoutes(deps))
  app.use(invitationRoutes(deps))
  if (deps.mailer.sink) app.use(devMailRoutes(deps.mailer.sink))
}
