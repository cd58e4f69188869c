import type { AiProviderInfo } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { cn } from '@plumbline/ui'
import { apiKey } from '@plumbline/web'
import { useQuery } from '@tanstack/react-query'
import { Bot } from 'lucide-react'

export const aiProviderKey = (orgId: string) => apiKey(api.getAiProvider, {}, { organizationId: orgId })

/** Which writer produces AI text for this organisation (GET /api/ai/provider); it rarely changes. */
export function useAiProvider(orgId: string | null | undefined) {
  return useQuery<AiProviderInfo>({ queryKey: aiProviderKey(orgId ?? ''), enabled: !!orgId })
}

/** 'Written by: …' so people always know whether a model or the built-in writer wrote the text. */
export function WriterLabel({ label, className }: { label: string | null | undefined; className?: string }) {
  if (!label) return null
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-xs text-muted-foreground', className)} data-testid="writer-label">
      <Bot className="size-3.5 shrink-0" aria-hidden="true" />
      <span>Written by: {label}</span>
    </span>
  )
}

/** The name of the writer of one piece of text: the provider's own label when it is the same writer. */
export function writerName(writer: string | null | undefined, provider: AiProviderInfo | undefined): string | null {
  if (!writer) return provider?.label ?? null
  if (provider && provider.writer === writer) return provider.label
  return writer === 'built-in' ? 'Built-in writer (no external AI)' : 'AI model'
}
