import type { CompanySettings, CompanySettingsPatch, ZGenerateContentResponse, ZLogoUploadResponse } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { apiPath, apiUpload, callApi } from '@plumbline/web'
import type { z } from 'zod'

export type LogoUploadResult = z.infer<typeof ZLogoUploadResponse>
export type GeneratedContent = z.infer<typeof ZGenerateContentResponse>

/** PUT takes any subset of fields and answers the whole settings. */
export async function updateCompanySettings(orgId: string, patch: CompanySettingsPatch): Promise<CompanySettings> {
  return callApi(api.putCompanySettings, { params: { orgId }, body: patch })
}

/** Spec 001 §7: multipart field `logo`, CSRF header from the cookie (apiUpload adds it). */
export async function uploadLogo(orgId: string, file: File): Promise<LogoUploadResult> {
  const form = new FormData()
  form.append('logo', file, file.name)
  const res = await apiUpload(apiPath(api.postCompanySettingsLogo, { orgId }), form)
  return (await res.json()) as LogoUploadResult
}

export async function deleteLogo(orgId: string): Promise<void> {
  await callApi(api.deleteCompanySettingsLogo, { params: { orgId } })
}

/** Spec 000 §7: the organisation goes in the JSON body, where the gateway reads it to check membership. */
export async function generatePreview(organizationId: string, prompt: string, projectType: string): Promise<GeneratedContent> {
  return callApi(api.postAiGenerateContent, { body: { organizationId, prompt, projectType } })
}
