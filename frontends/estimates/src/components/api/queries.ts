import type { CompanySettings, ProjectType, Template } from '@plumbline/contracts'
import { parseApiError } from '@plumbline/web'
import { useQuery } from '@tanstack/react-query'
import { companySettingsKey, projectTypesKey, templatesKey } from './query-keys'

/** Spec 001 §7: project types are retried up to 2 times, never after an authentication error. */
export function retryUnlessAuth(failureCount: number, error: unknown): boolean {
  const status = parseApiError(error).status
  if (status === 401 || status === 403) return false
  return failureCount < 2
}

export function useProjectTypes(orgId: string | null | undefined) {
  return useQuery<ProjectType[]>({ queryKey: projectTypesKey(orgId ?? ''), enabled: !!orgId, retry: retryUnlessAuth })
}

export function useTemplates(orgId: string | null | undefined) {
  return useQuery<Template[]>({ queryKey: templatesKey(orgId ?? ''), enabled: !!orgId })
}

export function useCompanySettings(orgId: string | null | undefined) {
  return useQuery<Partial<CompanySettings>>({ queryKey: companySettingsKey(orgId ?? ''), enabled: !!orgId })
}

/** Spec 000 §3: anything other than false means automatic AI generation is on. */
export function isAutoGenerateAI(settings: Partial<CompanySettings> | null | undefined): boolean {
  return settings?.autoGenerateAI !== false
}
