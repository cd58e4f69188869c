import type { PropertyData } from '@plumbline/contracts'
import type { EstimateFormValues } from './form-schema'

/**
 * The manual Generate AI Content prompt (spec 000 §7): asks for an executive summary, project
 * overview, scope of work, timeline considerations and quality assurance notes, built from the
 * form fields and the fetched property data. Empty fields are left out rather than sent blank.
 */
export function buildContentPrompt(v: EstimateFormValues, projectTypeName: string | null, propertyData: PropertyData | null): string {
  const lines: Array<[string, string | null | undefined]> = [
    ['Project type', projectTypeName],
    ['Project name', v.projectName.trim()],
    ['Client', v.clientName.trim()],
    ['Property address', propertyData?.property.formattedAddress || v.propertyAddress.trim()],
    ['Estimated total cost (USD)', v.totalCost.trim()],
    ['Square footage', v.squareFootage.trim()],
    ['Special features', v.specialFeatures.trim()],
    ['Meeting notes', v.meetingTranscript.trim()],
  ]
  const p = propertyData?.property
  if (p) {
    const facts = [
      p.propertyType,
      p.bedrooms != null ? `${p.bedrooms} bedrooms` : null,
      p.bathrooms != null ? `${p.bathrooms} bathrooms` : null,
      p.yearBuilt != null ? `built ${p.yearBuilt}` : null,
    ].filter(Boolean)
    if (facts.length) lines.push(['Property', facts.join(', ')])
  }
  if (propertyData?.fireHazard.riskLevel)
    lines.push(['Fire hazard risk', `${propertyData.fireHazard.riskLevel}${propertyData.fireHazard.zone ? ` (${propertyData.fireHazard.zone})` : ''}`])
  const facts = lines.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`)
  return [
    'Write professional proposal content for this construction estimate with these sections:',
    'Executive Summary, Project Overview, Scope of Work, Timeline Considerations, Quality Assurance Notes.',
    '',
    ...facts,
  ].join('\n')
}
