import { ACTIVITY_TYPES, type ActivityType, can, type PermissionModule, type PermissionSet, Subjects } from '@plumbline/contracts'

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
/** A platform admin gave the user a membership (support access): the tenant sees it in its feed. */
export const PLATFORM_ADMIN_JOIN_ACTION = 'was added to the team by a platform admin'

/** The module whose access a reader needs to see an entry: estimates, meetings and members are each their own. */
const ACTIVITY_MODULES: Record<ActivityType, PermissionModule> = {
  estimate_created: 'cost_estimator',
  estimate_updated: 'cost_estimator',
  estimate_approved: 'cost_estimator',
  estimate_shared: 'cost_estimator',
  meeting_created: 'ai_notetaker',
  meeting_completed: 'ai_notetaker',
  team_member: 'team',
}

/** The feed's entry types a reader with these permissions may see (a meeting title or a member's address is not for every role). */
export const visibleActivityTypes = (permissions: PermissionSet): ActivityType[] =>
  ACTIVITY_TYPES.filter((type) => can(permissions, ACTIVITY_MODULES[type], 'access'))
