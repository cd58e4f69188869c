import { Button, Label, Switch, toast } from '@plumbline/ui'
import { useMutation } from '@tanstack/react-query'
import { Bot, Eye } from 'lucide-react'
import * as React from 'react'
import { type GeneratedContent, generatePreview } from '../data/api'
import { SectionCard } from '../form/section-card'
import type { CompanyFormApi } from '../form/use-company-form'
import { PromptEditor } from './prompt-editor'
import { PromptPreview } from './prompt-preview'
import { fillTemplate, SAMPLE_PROJECT_TYPE, sampleValues } from './sample-values'
import { TemplatePicker } from './template-picker'

export const NO_TEMPLATE = { title: 'No Template', description: 'Please enter a prompt template before generating preview' }
export const PREVIEW_FAILED = 'Failed to generate preview. Please check your prompt template.'

/** AI Configuration: automatic generation, the prompt template and a preview with sample values. */
export function AiConfigCard({ form, orgId }: { form: CompanyFormApi; orgId: string | null }) {
  const [preview, setPreview] = React.useState<GeneratedContent | null>(null)
  const run = useMutation({
    mutationFn: (prompt: string) => generatePreview(orgId ?? '', prompt, SAMPLE_PROJECT_TYPE),
    onSuccess: setPreview,
    onError: () => toast({ variant: 'destructive', title: 'Error', description: PREVIEW_FAILED }),
  })

  const onPreview = () => {
    const template = form.values.aiPromptTemplate
    if (!template.trim()) {
      toast({ variant: 'destructive', ...NO_TEMPLATE })
      return
    }
    if (!orgId) {
      toast({ variant: 'destructive', title: 'Error', description: 'Organization ID not available' })
      return
    }
    run.mutate(fillTemplate(template, sampleValues(form.values)))
  }

  return (
    <SectionCard id="ai-configuration" title="AI Configuration" description="How Plumbline writes estimate content for you." icon={<Bot />}>
      <div className="flex items-start justify-between gap-4 rounded-lg border p-4">
        <div className="min-w-0 space-y-1">
          <Label htmlFor="company-autoGenerateAI">Generate content automatically</Label>
          <p className="text-[13px] text-muted-foreground">Write the summary, scope and timeline as soon as an estimate is created.</p>
        </div>
        <Switch id="company-autoGenerateAI" checked={form.values.autoGenerateAI} onCheckedChange={(v) => form.setField('autoGenerateAI', v)} />
      </div>
      <TemplatePicker current={form.values.aiPromptTemplate} onUse={(text) => form.setField('aiPromptTemplate', text)} />
      <PromptEditor value={form.values.aiPromptTemplate} onChange={(v) => form.setField('aiPromptTemplate', v)} error={form.visibleError('aiPromptTemplate')} />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={onPreview} disabled={run.isPending}>
          <Eye />
          {run.isPending ? 'Generating...' : 'Preview'}
        </Button>
        <p className="text-xs text-muted-foreground">Fills the variables with a sample kitchen remodel.</p>
      </div>
      {preview ? <PromptPreview content={preview.content} writer={preview.writer} /> : null}
    </SectionCard>
  )
}
