import { toast } from '@plumbline/ui'
import { generateAllContent } from '../../data/ai'

export const AI_NOTICE = {
  title: 'AI Generation Notice',
  description:
    'AI content generation failed, but your estimate was created successfully. You can manually add content or try regenerating from the estimate page.',
} as const
export const AI_CREATED_TOAST = 'Estimate created with AI-generated content!'

/**
 * Create-flow steps 4-5 (spec 000 §4): start generate-all for the new estimate, poll the job with
 * the shared rules, wait for the server to write its blocks (it is their only writer). Never throws: a failure or a missing job id is
 * logged and shown as a notice, and the estimate is kept.
 */
export async function runAutoGeneration(orgId: string, estimateId: string): Promise<'generated' | 'failed'> {
  try {
    await generateAllContent(orgId, estimateId)
    toast({ variant: 'success', title: AI_CREATED_TOAST, description: 'All five documentation sections are ready to review.' })
    return 'generated'
  } catch (err) {
    console.error('Automatic AI content generation failed', err)
    toast({ title: AI_NOTICE.title, description: AI_NOTICE.description })
    return 'failed'
  }
}
