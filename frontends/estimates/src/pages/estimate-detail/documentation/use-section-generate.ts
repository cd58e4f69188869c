import type { ContentSectionType } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { toast } from '@plumbline/ui'
import { callApi } from '@plumbline/web'
import { useMutation } from '@tanstack/react-query'
import { isLockedError, reportMutationError, toastError } from '../../../data/errors'
import { useInvalidateEstimate } from '../../../data/queries'

/**
 * Generate or regenerate one section: POST …/generate-content/{type} answers the text, which the
 * client then saves with PATCH …/content/{type} (spec 001 §7). Errors: 'Generation Failed'.
 */
export function useSectionGenerate(orgId: string, estimateId: string, type: ContentSectionType, title: string, writerLabel: (writer: string) => string | null) {
  const invalidate = useInvalidateEstimate(orgId, estimateId)
  return useMutation({
    mutationFn: async () => {
      const generated = await callApi(api.postEstimatesGenerateContentById, { params: { orgId, id: estimateId, type } })
      const text = generated?.content?.trim()
      if (!text) throw new Error('The AI returned no text')
      await callApi(api.patchEstimatesContentById, { params: { orgId, id: estimateId, type }, body: { content: text } })
      return generated
    },
    onSuccess: async (generated) => {
      await invalidate.estimate()
      const by = writerLabel(generated.writer)
      toast({ variant: 'success', title: `${title} generated`, description: by ? `Written by: ${by}` : undefined })
    },
    onError: (error) => {
      if (isLockedError(error)) return reportMutationError(error, '', () => void invalidate.estimate())
      toastError(`Failed to generate ${title}. Please try again.`, 'Generation Failed')
    },
  })
}
