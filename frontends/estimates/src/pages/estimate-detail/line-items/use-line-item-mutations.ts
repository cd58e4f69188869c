import type { Section } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { type ApiBody, callApi } from '@plumbline/web'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { reportMutationError } from '../../../data/errors'
import { sectionsKey } from '../../../data/keys'
import { useInvalidateEstimate } from '../../../data/queries'
import { useDetail } from '../detail-context'

/** Every write of the line items editor, with the spec 001 §8 failure texts. */
export function useLineItemMutations() {
  const { orgId, estimateId } = useDetail()
  const qc = useQueryClient()
  const invalidate = useInvalidateEstimate(orgId, estimateId)
  const onLocked = () => void invalidate.estimate()
  const refresh = () => Promise.all([invalidate.sections(), invalidate.estimate()])

  const createSection = useMutation({
    mutationFn: (body: { name: string; description: string | null; sortOrder: number }) =>
      callApi(api.postEstimatesSections, { params: { orgId, id: estimateId }, body }),
    onSuccess: refresh,
    onError: (e) => reportMutationError(e, 'Failed to create section', onLocked),
  })
  const updateSection = useMutation({
    mutationFn: ({ id, ...body }: { id: string; name: string; description: string | null }) =>
      callApi(api.putSectionsById, { params: { orgId, sectionId: id }, body }),
    onSuccess: refresh,
    onError: (e) => reportMutationError(e, 'Failed to update section', onLocked),
  })
  const deleteSection = useMutation({
    mutationFn: (id: string) => callApi(api.deleteSectionsById, { params: { orgId, sectionId: id } }),
    onSuccess: refresh,
    onError: (e) => reportMutationError(e, 'Failed to delete section', onLocked),
  })
  const addItem = useMutation({
    mutationFn: ({ sectionId, payload }: { sectionId: string; payload: Record<string, unknown> }) =>
      callApi(api.postSectionsLineItems, { params: { orgId, sectionId }, body: payload as ApiBody<typeof api.postSectionsLineItems> }),
    onSuccess: refresh,
    onError: (e) => reportMutationError(e, 'Failed to add line item', onLocked),
  })
  const updateItem = useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: Record<string, unknown> }) =>
      callApi(api.putLineItemsById, { params: { orgId, itemId: id }, body: payload as ApiBody<typeof api.putLineItemsById> }),
    onSuccess: refresh,
    onError: (e) => reportMutationError(e, 'Failed to update line item', onLocked),
  })
  const deleteItem = useMutation({
    mutationFn: (id: string) => callApi(api.deleteLineItemsById, { params: { orgId, itemId: id } }),
    onSuccess: refresh,
    onError: (e) => reportMutationError(e, 'Failed to delete line item', onLocked),
  })

  const key = sectionsKey(orgId, estimateId)
  /** Reorders optimistically; the server's order wins after it answers (or the old one on failure). */
  const reorder = useMutation({
    mutationFn: ({ sectionId, itemIds }: { sectionId: string; itemIds: string[] }) =>
      callApi(api.patchSectionsLineItemsReorder, { params: { orgId, sectionId }, body: { itemIds } }),
    onMutate: async ({ sectionId, itemIds }) => {
      await qc.cancelQueries({ queryKey: key })
      const previous = qc.getQueryData<Section[]>(key)
      qc.setQueryData<Section[]>(key, (sections) =>
        sections?.map((s) => {
          if (s.id !== sectionId) return s
          const byId = new Map(s.lineItems.map((i) => [i.id, i]))
          return {
            ...s,
            lineItems: itemIds.flatMap((id, index) => {
              const item = byId.get(id)
              return item ? [{ ...item, sortOrder: index }] : []
            }),
          }
        }),
      )
      return { previous }
    },
    onError: (e, _vars, ctx) => {
      qc.setQueryData(key, ctx?.previous)
      reportMutationError(e, 'Failed to reorder line items', onLocked)
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  })

  return { createSection, updateSection, deleteSection, addItem, updateItem, deleteItem, reorder }
}
export type LineItemMutations = ReturnType<typeof useLineItemMutations>
