import type { BuiltInPromptTemplateName } from '@plumbline/contracts'

/**
 * What changes with the kind of project (the four built-in templates): how the contractor
 * speaks about care, scheduling and quality. These are commitments of process, not facts about
 * the estimate, so the writer may state them for any project of the kind.
 */
export type Flavour = { care: string; scheduling: string; closing: string; checks: string[] }

export const FLAVOURS: Record<BuiltInPromptTemplateName, Flavour> = {
  residential_construction: {
    care: 'Our team treats your home with care: work areas are protected, the site is kept tidy, and you are kept informed at every step.',
    scheduling: 'Working hours will be agreed with you, and you will be given notice before each phase begins.',
    closing: 'We look forward to working with you and to delivering a result you will enjoy for years to come.',
    checks: [
      "Materials are installed to the manufacturer's specifications.",
      'Work areas are protected and cleaned at the end of each working day.',
      'Each phase is inspected before the next one begins.',
      'A final walkthrough with you confirms that everything is complete to your satisfaction.',
    ],
  },
  commercial_construction: {
    care: 'Work is planned to keep disruption to your operations to a minimum, with site safety, access and working hours agreed in advance.',
    scheduling: 'Work hours, deliveries and site access will be coordinated with your facility team around your business operations.',
    closing: 'We look forward to a productive partnership and to delivering the project on budget and to specification.',
    checks: [
      'All work complies with the applicable building codes, and required permits and inspections are coordinated by our team.',
      'A site safety plan is followed by every trade on site.',
      'Each trade’s work is inspected against the specification before the next trade follows.',
      'Close-out includes a punch list walkthrough and handover of warranties and product documentation.',
    ],
  },
  remodeling_renovation: {
    care: 'Existing finishes and furnishings outside the work area are protected, and selections are confirmed with you before each phase begins.',
    scheduling:
      'Conditions concealed behind walls, floors or ceilings can affect the schedule; if we find any, we will tell you straight away and agree any change before proceeding.',
    closing: 'We look forward to transforming your space and to working closely with you on every decision along the way.',
    checks: [
      'Existing structures and finishes next to the work area are protected throughout.',
      'Finish selections and fixtures are confirmed with you before installation.',
      'Concealed conditions uncovered during demolition are documented and discussed with you before work continues.',
      'A punch list walkthrough at the end makes sure every detail is finished properly.',
    ],
  },
  maintenance_repair: {
    care: 'The work focuses on fixing the problem at its source, restoring reliable performance and preventing further damage.',
    scheduling: 'Repairs will be scheduled at the earliest available date, and urgent items are addressed first.',
    closing: 'We look forward to restoring everything to good working order and to supporting you with future maintenance.',
    checks: [
      'The cause of the problem is confirmed before the repair begins.',
      'Repairs use materials compatible with the existing systems and finishes.',
      'Each repair is tested once complete to confirm it performs as intended.',
      'Findings and any recommended follow-up maintenance are reported to you at the end of the visit.',
    ],
  },
}
