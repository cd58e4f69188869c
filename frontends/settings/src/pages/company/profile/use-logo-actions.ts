import { type CompanySettings, ZCompanySettingsPatch } from '@plumbline/contracts'
import { toast } from '@plumbline/ui'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { deleteLogo, updateCompanySettings, uploadLogo } from '../data/api'
import { fieldErrorOf, serverMessageOr } from '../data/errors'
import { companySettingsKey } from '../data/keys'

export const NO_ORG_MESSAGE = 'Organization ID not available'

/** Reads the logo URL rule from the contract so the browser and the server say the same thing. */
export function logoUrlProblem(value: string): string | null {
  const trimmed = value.trim()
  if (!trimmed) return 'Enter the logo URL first'
  const r = ZCompanySettingsPatch.shape.logoUrl.safeParse(trimmed)
  return r.success ? null : (r.error.issues[0]?.message ?? 'Please enter a valid URL')
}

/**
 * The logo is saved on its own, not with the Save button: an upload goes to the documents
 * service, a URL through a one-field PUT (the admin service fetches it safely first), a removal
 * deletes the stored file or clears the URL. Each refreshes the shared settings query.
 */
export function useLogoActions(orgId: string | null, settings: Partial<CompanySettings>, onUploaded: () => void) {
  const qc = useQueryClient()
  const refresh = () => (orgId ? qc.invalidateQueries({ queryKey: companySettingsKey(orgId) }) : Promise.resolve())

  const upload = useMutation({
    mutationFn: (file: File) => {
      if (!orgId) throw new Error(NO_ORG_MESSAGE)
      return uploadLogo(orgId, file)
    },
    onSuccess: async () => {
      onUploaded()
      await refresh()
      toast({ variant: 'success', title: 'Logo uploaded', description: 'Your company logo was updated.' })
    },
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: err.message === NO_ORG_MESSAGE ? NO_ORG_MESSAGE : serverMessageOr(err, 'Failed to upload logo'),
      }),
  })

  const saveUrl = useMutation({
    mutationFn: (url: string) => {
      if (!orgId) throw new Error(NO_ORG_MESSAGE)
      return updateCompanySettings(orgId, { logoUrl: url.trim() })
    },
    onSuccess: (saved) => {
      if (orgId) qc.setQueryData(companySettingsKey(orgId), saved)
      toast({ variant: 'success', title: 'Logo updated', description: 'The logo URL was saved.' })
    },
    onError: (err) => {
      // A field message (the URL could not be fetched, is not an image…) shows under the box.
      if (fieldErrorOf(err, 'logoUrl')) return
      toast({
        variant: 'destructive',
        title: 'Error',
        description: err.message === NO_ORG_MESSAGE ? NO_ORG_MESSAGE : serverMessageOr(err, 'Failed to update company settings'),
      })
    },
  })

  const remove = useMutation({
    mutationFn: async () => {
      if (!orgId) throw new Error(NO_ORG_MESSAGE)
      if (settings.logoFileData) await deleteLogo(orgId)
      else await updateCompanySettings(orgId, { logoUrl: null })
    },
    onSuccess: async () => {
      await refresh()
      toast({ variant: 'success', title: 'Logo removed', description: 'Your estimates will show no logo until you add one.' })
    },
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: err.message === NO_ORG_MESSAGE ? NO_ORG_MESSAGE : serverMessageOr(err, 'Failed to remove logo'),
      }),
  })

  return { upload, saveUrl, remove, urlFieldError: saveUrl.error ? fieldErrorOf(saveUrl.error, 'logoUrl') : null }
}
