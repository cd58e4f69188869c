import { useMutation } from '@tanstack/react-query'
import { reportMutationError } from '../../../data/errors'
import { orgPath } from '../../../data/keys'
import { useInvalidateEstimate } from '../../../data/queries'
import { send } from '../../../data/send'

type ProfileKind = {
  /** The organisation's collection: markup-profiles or taxes. */ collection: string /** For error texts: "markup profile". */
  noun: string
}
export const MARKUP_PROFILES: ProfileKind = { collection: 'markup-profiles', noun: 'markup profile' }
export const TAX_PROFILES: ProfileKind = { collection: 'taxes', noun: 'tax profile' }

/**
 * Create, update and delete for one kind of profile; each refreshes the profiles and the
 * estimate's pricing. `onCreated` runs after a create (the panel applies the new profile).
 */
export function useProfileMutations<P extends { id: string }>(
  { collection, noun }: ProfileKind,
  ids: { orgId: string; estimateId: string },
  onCreated: (created: P | undefined) => void,
) {
  const invalidate = useInvalidateEstimate(ids.orgId, ids.estimateId)
  const base = `${orgPath(ids.orgId)}/${collection}`
  const onLocked = () => void invalidate.estimate()
  const after = () => Promise.all([invalidate.profiles(), invalidate.pricing()])

  const create = useMutation({
    mutationFn: (payload: Record<string, unknown>) => send<P>('POST', base, payload),
    onSuccess: async (created) => {
      await after()
      onCreated(created)
    },
    onError: (e) => reportMutationError(e, `Failed to create ${noun}`, onLocked),
  })
  const update = useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: Record<string, unknown> }) => send('PUT', `${base}/${id}`, payload),
    onSuccess: after,
    onError: (e) => reportMutationError(e, `Failed to update ${noun}`, onLocked),
  })
  const remove = useMutation({
    mutationFn: (id: string) => send('DELETE', `${base}/${id}`),
    onSuccess: after,
    onError: (e) => reportMutationError(e, `Failed to delete ${noun}`, onLocked),
  })
  return { create, update, remove }
}
