import { type ActivityType, Subjects } from '@plumbline/contracts'

/** Feed entry per estimate event subject: read as "<user> <action> <target>". */
export const ESTIMATE_ACTIVITIES = {
  [Subjects.estimateCreated]: { type: 'estimate_created', action: 'created estimate' },
  [Subjects.estimateUpdated]: { type: 'estimate_updated', action: 'updated estimate' },
  [Subjects.estimateShared]: { type: 'estimate_shared', action: 'shared estimate' },
  [Subjects.estimateApproved]: { type: 'estimate_approved', action: 'approved estimate' },
} as const satisfies Record<string, { type: ActivityType; action: string }>

/** Feed entry per meeting event (spec 001 §3 Activity types meeting_created, meeting_completed). */
export const MEETING_ACTIVITIES = {
  created: { type: 'meeting_created', action: 'started meeting' },
  completed: { type: 'meeting_completed', action: 'completed meeting' },
} as const satisfies Record<string, { type: ActivityType; action: string }>

export type EstimateActivitySubject = keyof typeof ESTIMATE_ACTIVITIES

export const TEAM_MEMBER_ACTION = 'joined the team'
