import { LINE_ITEM_UNITS, type Template } from '@plumbline/contracts'
import { centsText, lineTotalCents } from '@plumbline/contracts/money'
import { z } from 'zod'
import { normalizeCategory } from '../../components/template-category/template-category'
import type { TemplateWrite } from '../../data/mutations'

const decimal = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v !== '' && /^\d+(\.\d+)?$/.test(v) && Number.isFinite(Number(v)), message)

/** Spec 001 §5: name and category required; the section and item rules keep the payload valid. */
export const ZTemplateForm = z.object({
  name: z.string().trim().min(1, 'Template name is required').max(200),
  description: z.string().max(2000),
  category: z.string().min(1, 'Please select a category'),
  isDefault: z.boolean(),
  sections: z.array(
    z.object({
      name: z.string().trim().min(1, 'Section name is required').max(200),
      description: z.string().max(2000),
      lineItems: z.array(
        z.object({
          name: z.string().trim().min(1, 'Item name is required').max(200),
          description: z.string().max(2000),
          quantity: decimal('Enter a quantity'),
          unit: z.string().min(1),
          cost: decimal('Enter a cost'),
        }),
      ),
    }),
  ),
})
export type TemplateFormValues = z.infer<typeof ZTemplateForm>
export type TemplateFormSection = TemplateFormValues['sections'][number]
export type TemplateFormItem = TemplateFormSection['lineItems'][number]

export const UNITS = LINE_ITEM_UNITS
export const newItem = (): TemplateFormItem => ({ name: '', description: '', quantity: '1', unit: 'each', cost: '0' })
export const newSection = (): TemplateFormSection => ({ name: '', description: '', lineItems: [] })

export const EMPTY_TEMPLATE_FORM: TemplateFormValues = { name: '', description: '', category: '', isDefault: false, sections: [] }

/** Drops trailing zeros the server adds ('1.000' → '1', '12.50' → '12.5') for friendlier inputs. */
export function trimDecimal(v: string | number | null | undefined): string {
  const n = Number(v)
  return Number.isFinite(n) ? String(n) : '0'
}

export function formFromTemplate(t: Template, opts: { copy?: boolean } = {}): TemplateFormValues {
  return {
    name: opts.copy ? `${t.name} (copy)` : t.name,
    description: t.description ?? '',
    category: normalizeCategory(t.category),
    isDefault: opts.copy ? false : t.isDefault,
    sections: t.sections.map((s) => ({
      name: s.name,
      description: s.description ?? '',
      lineItems: s.lineItems.map((i) => ({
        name: i.name,
        description: i.description ?? '',
        quantity: trimDecimal(i.quantity),
        unit: i.unit || 'each',
        cost: trimDecimal(i.cost),
      })),
    })),
  }
}

export function toTemplateWrite(v: TemplateFormValues): TemplateWrite {
  return {
    name: v.name.trim(),
    description: v.description.trim() || null,
    category: v.category,
    isDefault: v.isDefault,
    sections: v.sections.map((s) => ({
      name: s.name.trim(),
      description: s.description.trim() || null,
      lineItems: s.lineItems.map((i) => ({
        name: i.name.trim(),
        description: i.description.trim() || null,
        quantity: i.quantity.trim(),
        unit: i.unit,
        cost: i.cost.trim(),
      })),
    })),
  }
}

/** Sum of quantity × cost over every line item, each line rounded as it will be once applied (money text). */
export function templateValue(t: { sections: { lineItems: { quantity: string | number; cost: string | number }[] }[] }): string {
  return centsText(t.sections.reduce((sum, s) => sum + sectionValue(s.lineItems), 0n))
}

/** One section's line totals, in cents. */
export const sectionValue = (items: { quantity: string | number; cost: string | number }[]) =>
  items.reduce((sum, i) => sum + (lineTotalCents(i.quantity, i.cost) ?? 0n), 0n)

/** Up to `max` sections for a card, then how many more (spec 001 §2: each card shows up to 2). */
export function cardSections<S>(t: { sections: S[] }, max = 2): { shown: S[]; more: number } {
  return { shown: t.sections.slice(0, max), more: Math.max(0, t.sections.length - max) }
}
