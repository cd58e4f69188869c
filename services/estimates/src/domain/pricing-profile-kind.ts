import type { MarkupProfile, TaxProfile, ZMarkupProfileInput, ZTaxProfileBody } from '@plumbline/contracts'
import type { z } from 'zod'
import { type MarkupProfileRow, type TaxProfileRow, toMarkupProfile, toTaxProfile } from './pricing-records.js'

/** Markup and tax profiles are one feature in two kinds (spec 001 §3, §7, §9): same rules, different fields. */
export type ProfileKind = 'markup' | 'tax'

export type MarkupProfileInput = z.infer<typeof ZMarkupProfileInput>
export type TaxProfileInput = z.infer<typeof ZTaxProfileBody>
export type ProfileInputOf<K extends ProfileKind> = K extends 'markup' ? MarkupProfileInput : TaxProfileInput
export type ProfileOf<K extends ProfileKind> = K extends 'markup' ? MarkupProfile : TaxProfile

/** How a profile of each kind is named in messages ("Markup profile not found"). */
export const PROFILE_LABEL: Record<ProfileKind, string> = { markup: 'Markup profile', tax: 'Tax profile' }

export function toProfile<K extends ProfileKind>(kind: K, row: MarkupProfileRow | TaxProfileRow): ProfileOf<K> {
  return (kind === 'markup' ? toMarkupProfile(row as MarkupProfileRow) : toTaxProfile(row as TaxProfileRow)) as ProfileOf<K>
}
