import type { ContentSectionType, ZGenerateSectionResponse } from '@plumbline/contracts'
import { toast } from '@plumbline/ui'
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { isLockedError, reportMutationError, toastError } from '../data/errors'
import { estimatePath } from '../data/keys'
import { useInvalidateEstimate } from '../data/queries'
import { send } from '../data/send'

type GenerateSectionResponse = z.infer<typeof ZGenerateSectionResponse>

/**
 * Generate or regenerate one section: POST …/generate-content/{type} answers the text, which the
 * client then saves with PATCH …/content/{type} (spec 001 §7). Errors: 'Generation Failed'.
 */
export function useSectionGenerate(orgId: string, estimateId: string, type: ContentSectionType, title: string, writerLabel: (writer: string) => string | null) {
  const invalidate = useInvalidateEstimate(orgId, estimateId)
  return useMutation({
    mutationFn: async () => {
      const base = estimatePath(orgId, estimateId)
      const generated = await send<GenerateSectionResponse>('POST', `${base}/generate-content/${type}`)
      const text = generated?.content?.trim()
      if (!text) throw new Error('The AI returned no text')
      await send('PATCH', `${base}/content/${type}`, { content: text })
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
