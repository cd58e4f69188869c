import * as api from '@plumbline/contracts/api-paths'
import { callApi } from '@plumbline/web'
import { useMutation } from '@tanstack/react-query'
import { reportMutationError } from '../../../data/errors'
import { useInvalidateEstimate } from '../../../data/queries'

type ProfileKind = {
  /** The routes of the organisation's collection. */
  routes: {
    create: typeof api.postMarkupProfiles | typeof api.postTaxes
    update: typeof api.putMarkupProfilesById | typeof api.putTaxesById
    remove: typeof api.deleteMarkupProfilesById | typeof api.deleteTaxesById
  }
  /** For error texts: "markup profile". */
  noun: string
}
export const MARKUP_PROFILES: ProfileKind = {
  routes: { create: api.postMarkupProfiles, update: api.putMarkupProfilesById, remove: api.deleteMarkupProfilesById },
  noun: 'markup profile',
}
export const TAX_PROFILES: ProfileKind = { routes: { create: api.postTaxes, update: api.putTaxesById, remove: api.deleteTaxesById }, noun: 'tax profile' }

/**
 * Create, update and delete for one kind of profile; each refreshes the profiles and the
 * estimate's pricing. `onCreated` runs after a create (the panel applies the new profile).
 */
export function useProfileMutations<P extends { id: string }>(
  { routes, noun }: ProfileKind,
  ids: { orgId: string; estimateId: string },
  onCreated: (created: P | undefined) => void,
) {
  const invalidate = useInvalidateEstimate(ids.orgId, ids.estimateId)
  const onLocked = () => void invalidate.estimate()
  const after = () => Promise.all([invalidate.profiles(), invalidate.pricing()])

  const create = useMutation({
    // The panel's forms build the payloads; the service checks them against the contract.
    mutationFn: async (payload: Record<string, unknown>) =>
      (await callApi(routes.create, { params: { orgId: ids.orgId }, body: payload as never })) as unknown as P,
    onSuccess: async (created) => {
      await after()
      onCreated(created)
    },
    onError: (e) => reportMutationError(e, `Failed to create ${noun}`, onLocked),
  })
  const update = useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: Record<string, unknown> }) =>
      callApi(routes.update, { params: { orgId: ids.orgId, profileId: id }, body: payload as never }),
    onSuccess: after,
    onError: (e) => reportMutationError(e, `Failed to update ${noun}`, onLocked),
  })
  const remove = useMutation({
    mutationFn: (id: string) => callApi(routes.remove, { params: { orgId: ids.orgId, profileId: id } }),
    onSuccess: after,
    onError: (e) => reportMutationError(e, `Failed to delete ${noun}`, onLocked),
  })
  return { create, update, remove }
}
