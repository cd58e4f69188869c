import type { AiWriter } from '@plumbline/contracts'
import { RichText } from '@plumbline/ui'
import { Sparkles } from 'lucide-react'

export const WRITER_LABELS: Record<AiWriter, string> = { 'built-in': 'Written by the built-in writer', openai: 'Written by OpenAI' }

/** The generated sample text and who wrote it. */
export function PromptPreview({ content, writer }: { content: string; writer: AiWriter }) {
  return (
    <section aria-label="Prompt preview" className="space-y-2 rounded-lg border border-primary/20 bg-primary/[0.03] p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">Preview</h4>
        <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
          <Sparkles className="size-3.5" aria-hidden="true" />
          {WRITER_LABELS[writer] ?? 'Written by the built-in writer'}
        </span>
      </div>
      <RichText text={content} className="max-h-80 overflow-y-auto text-sm leading-relaxed" />
      <p className="text-xs text-muted-foreground">Sample project values were used for the variables.</p>
    </section>
  )
}
