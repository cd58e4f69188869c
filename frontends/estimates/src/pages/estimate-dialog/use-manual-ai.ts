import type { PropertyData } from '@plumbline/contracts'
import { toast } from '@plumbline/ui'
import { useMutation } from '@tanstack/react-query'
import * as React from 'react'
import { generateContent } from '../../components/ai/ai-api'
import { useAiProvider, writerName } from '../../components/ai/ai-provider'
import type { GeneratedContent } from './ai-content-card'
import { buildContentPrompt } from './ai-prompt'
import { type EstimateFormValues, MISSING_AI_INFO, missingInfoForAI } from './form-schema'

/**
 * The dialog's manual Generate AI Content (spec 000 §5, §7, §8): refuses with 'Missing
 * Information' until a project type and total cost are set, calls POST /api/ai/generate-content,
 * and keeps the text for the estimate's AI summary.
 */
export function useManualAi(orgId: string | null | undefined, open: boolean) {
  const provider = useAiProvider(open ? orgId : null)
  const [generated, setGenerated] = React.useState<GeneratedContent | null>(null)
  const mutation = useMutation({
    mutationFn: (args: { values: EstimateFormValues; projectTypeName: string | null; propertyData: PropertyData | null }) =>
      generateContent({
        organizationId: orgId ?? '',
        prompt: buildContentPrompt(args.values, args.projectTypeName, args.propertyData),
        projectType: args.projectTypeName,
        propertyData: args.propertyData ?? undefined,
      }),
    onSuccess: (res) => {
      const content = res?.content?.trim()
      if (!content)
        return void toast({
          variant: 'destructive',
          title: 'Error',
          description: 'Failed to generate AI content. You can still create the estimate without it.',
        })
      setGenerated({ content, writerLabel: writerName(res.writer, provider.data) })
      toast({ variant: 'success', title: 'AI Content Generated', description: 'The summary is saved with the estimate when you create it.' })
    },
    onError: (err) => {
      console.error('Manual AI generation failed', err)
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to generate AI content. You can still create the estimate without it.' })
    },
  })

  const generate = (values: EstimateFormValues, projectTypeName: string | null, propertyData: PropertyData | null) => {
    if (missingInfoForAI(values)) {
      toast({ variant: 'destructive', title: MISSING_AI_INFO.title, description: MISSING_AI_INFO.description })
      return
    }
    if (!orgId || mutation.isPending) return
    mutation.mutate({ values, projectTypeName, propertyData })
  }

  return { generate, generating: mutation.isPending, generated, clear: () => setGenerated(null) }
}
