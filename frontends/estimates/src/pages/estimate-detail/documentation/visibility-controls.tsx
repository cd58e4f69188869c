import * as api from '@plumbline/contracts/api-paths'
import { Label, Switch } from '@plumbline/ui'
import { callApi } from '@plumbline/web'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { reportMutationError, toastError } from '../../../data/errors'
import { contentLinksKey } from '../../../data/keys'
import type { ContentLink } from '../../../data/queries'
import { useDetail } from '../detail-context'

type Flags = Pick<ContentLink, 'showToClient' | 'includeInPdf' | 'includeInWebLink'>
const FLAGS: Array<{ key: keyof Flags; label: string }> = [
  { key: 'showToClient', label: 'Show to client' },
  { key: 'includeInPdf', label: 'Include in PDF' },
  { key: 'includeInWebLink', label: 'Include in web link' },
]

/** The three per-section visibility switches; saved at once, rolled back on failure. */
export function VisibilityControls({ type, link }: { type: string; link: ContentLink | undefined }) {
  const { orgId, estimateId } = useDetail()
  const qc = useQueryClient()
  const key = contentLinksKey(orgId, estimateId)
  const mutation = useMutation({
    mutationFn: ({ linkId, flags }: { linkId: string; flags: Flags }) =>
      callApi(api.patchEstimatesContentLinksVisibility, { params: { orgId, id: estimateId, linkId }, body: flags }),
    onMutate: async ({ linkId, flags }) => {
      await qc.cancelQueries({ queryKey: key })
      const previous = qc.getQueryData<ContentLink[]>(key)
      qc.setQueryData<ContentLink[]>(key, (links) => links?.map((l) => (l.id === linkId ? { ...l, ...flags } : l)))
      return { previous }
    },
    onError: (error, _vars, ctx) => {
      qc.setQueryData(key, ctx?.previous)
      reportMutationError(error, 'Failed to update visibility settings.')
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  })

  const current: Flags = {
    showToClient: link?.showToClient ?? true,
    includeInPdf: link?.includeInPdf ?? true,
    includeInWebLink: link?.includeInWebLink ?? true,
  }
  const toggle = (flag: keyof Flags, value: boolean) => {
    if (!link?.id) {
      toastError('No link ID available')
      return
    }
    mutation.mutate({ linkId: link.id, flags: { ...current, [flag]: value } })
  }

  return (
    <fieldset className="flex min-w-0 flex-wrap items-center gap-x-5 gap-y-2" aria-label="Visibility">
      {FLAGS.map(({ key: flag, label }) => {
        const id = `${type}-${flag}`
        return (
          <div key={flag} className="flex items-center gap-2">
            <Switch id={id} checked={current[flag]} onCheckedChange={(v) => toggle(flag, v)} className="scale-90" />
            <Label htmlFor={id} className="cursor-pointer text-xs font-normal text-muted-foreground">
              {label}
            </Label>
          </div>
        )
      })}
    </fieldset>
  )
}
