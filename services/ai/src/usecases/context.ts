import type { RequestContext } from '@plumbline/service-kit'

/** The caller on an org-scoped route (the token's organisation is the path's). */
export type OrgContext = RequestContext & { orgId: string }
