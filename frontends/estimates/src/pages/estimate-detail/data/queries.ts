import type { CompanySettings, Estimate, MarkupProfile, Phase, Section, TaxProfile, Template, ZContentLink, ZEstimateTotals } from '@plumbline/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  companySettingsKey,
  contentLinksKey,
  estimateKey,
  markupProfilesKey,
  phasesKey,
  pricingKey,
  sectionsKey,
  taxProfilesKey,
  templatesKey,
  totalsKey,
} from './keys'

export type ContentLink = z.infer<typeof ZContentLink>
export type EstimateTotals = z.infer<typeof ZEstimateTotals>
/** GET …/estimates/{id}/pricing: the applied markup profile (or none), tax profiles and totals. */
export type EstimatePricing = { markupProfileId: string | null; taxProfileIds: string[]; totals: EstimateTotals }

export function useEstimate(orgId: string, id: string) {
  return useQuery<Estimate>({ queryKey: estimateKey(orgId, id) })
}
export function usePhases(orgId: string, id: string, enabled = true) {
  return useQuery<Phase[]>({ queryKey: phasesKey(orgId, id), enabled })
}
export function useCompanySettings(orgId: string) {
  return useQuery<CompanySettings>({ queryKey: companySettingsKey(orgId) })
}
export function useContentLinks(orgId: string, id: string, enabled = true) {
  return useQuery<ContentLink[]>({ queryKey: contentLinksKey(orgId, id), enabled })
}
export function useSections(orgId: string, id: string, enabled = true) {
  return useQuery<Section[]>({ queryKey: sectionsKey(orgId, id), enabled })
}
export function useTotals(orgId: string, id: string, enabled = true) {
  return useQuery<EstimateTotals>({ queryKey: totalsKey(orgId, id), enabled })
}
export function usePricing(orgId: string, id: string, enabled = true) {
  return useQuery<EstimatePricing>({ queryKey: pricingKey(orgId, id), enabled })
}
export function useMarkupProfiles(orgId: string, estimateId: string, enabled = true) {
  return useQuery<MarkupProfile[]>({ queryKey: markupProfilesKey(orgId, estimateId), enabled })
}
export function useTaxProfiles(orgId: string, estimateId: string, enabled = true) {
  return useQuery<TaxProfile[]>({ queryKey: taxProfilesKey(orgId, estimateId), enabled })
}
export function useTemplates(orgId: string, enabled = true) {
  return useQuery<Template[]>({ queryKey: templatesKey(orgId), enabled })
}

/** Everything that depends on the estimate's line items, phases or pricing. */
export function useInvalidateEstimate(orgId: string, id: string) {
  const qc = useQueryClient()
  return {
    estimate: () => qc.invalidateQueries({ queryKey: estimateKey(orgId, id), exact: true }),
    sections: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: sectionsKey(orgId, id) }),
        qc.invalidateQueries({ queryKey: totalsKey(orgId, id) }),
        qc.invalidateQueries({ queryKey: pricingKey(orgId, id) }),
      ]),
    totals: () => qc.invalidateQueries({ queryKey: totalsKey(orgId, id) }),
    pricing: () => Promise.all([qc.invalidateQueries({ queryKey: pricingKey(orgId, id) }), qc.invalidateQueries({ queryKey: totalsKey(orgId, id) })]),
    profiles: () =>
      Promise.all([qc.invalidateQueries({ queryKey: markupProfilesKey(orgId, id) }), qc.invalidateQueries({ queryKey: taxProfilesKey(orgId, id) })]),
    phases: () => qc.invalidateQueries({ queryKey: phasesKey(orgId, id) }),
    contentLinks: () => qc.invalidateQueries({ queryKey: contentLinksKey(orgId, id) }),
    /** The estimate and everything under it (after a reopen or a status change). */
    all: () => qc.invalidateQueries({ queryKey: estimateKey(orgId, id) }),
  }
}
