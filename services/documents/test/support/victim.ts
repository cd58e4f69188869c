import type { OrgRouteSpec } from '@plumbline/testing'
import { downloadPath } from '../../src/domain/link-signature.js'
import { type DocumentsTestService, logoForm, newEstimateId } from './documents-test-service.js'
import { makeDocument, makeSettings } from './fixtures.js'
import { pngBytes } from './images.js'

/** Every org-scoped route of the service, for the cross-tenant matrix and the fuzzer. */
export const ALL_ROUTES: OrgRouteSpec[] = [
  { method: 'POST', path: '/organizations/:orgId/estimates/:estimateId/generate-pdf' },
  { method: 'POST', path: '/organizations/:orgId/company-settings/logo' },
  { method: 'GET', path: '/organizations/:orgId/company-settings/logo/view' },
  { method: 'DELETE', path: '/organizations/:orgId/company-settings/logo' },
  { method: 'GET', path: '/documents/files/:fileId?organizationId=:orgId&expires=:expires&signature=:signature' },
]

/** An organisation with an estimate (stand-in), an uploaded logo and a generated PDF; answers the ids. */
export async function createVictim(svc: DocumentsTestService, orgId: string): Promise<Record<string, string>> {
  const estimateId = newEstimateId()
  svc.standIns.documents.set(`${orgId}/${estimateId}`, makeDocument({ id: estimateId }))
  svc.standIns.settings.set(orgId, makeSettings({ logoFileData: true }))
  const api = svc.as(orgId)
  const logo = await api('POST', `/organizations/${orgId}/company-settings/logo`, { body: logoForm(await pngBytes(), 'logo.png', 'image/png') })
  if (logo.status !== 200) throw new Error(`logo upload failed: ${logo.status} ${logo.text}`)
  const pdf = await api('POST', `/organizations/${orgId}/estimates/${estimateId}/generate-pdf`)
  if (pdf.status !== 200) throw new Error(`generate failed: ${pdf.status} ${pdf.text}`)
  const url = new URL(pdf.body.downloadUrl, 'http://x')
  return {
    orgId,
    estimateId,
    fileId: url.pathname.split('/').pop()!,
    expires: url.searchParams.get('expires')!,
    signature: url.searchParams.get('signature')!,
  }
}

/** A link to the victim's file signed for another organisation (as if the secret leaked): still 404. */
export function forgedFor(svc: DocumentsTestService, victim: Record<string, string>, orgId: string) {
  const expires = Math.floor(Date.now() / 1000) + 300
  const url = new URL(downloadPath(svc.deps.env.DOCUMENT_LINK_SECRET, { fileId: victim.fileId, orgId, expires }), 'http://x')
  return { ...victim, orgId, expires: String(expires), signature: url.searchParams.get('signature')! }
}
