import type { EventConsumer } from '@plumbline/messaging'
import type { AdminDeps } from '../deps.js'
import { startConsumer } from './admin-consumer.js'
import { notifyOnEstimateEvents } from './notify-on-estimate-events.js'
import { notifyOnMeetingCompletedEvents } from './notify-on-meeting-completed.js'
import { notifyOnTaskEvents } from './notify-on-task-events.js'
import { onAdminActionRecorded } from './on-admin-action-recorded.js'
import { onAiGenerationCompleted } from './on-ai-generation-completed.js'
import { onEstimateApproved } from './on-estimate-approved.js'
import { onEstimateCreated } from './on-estimate-created.js'
import { onEstimateDeleted } from './on-estimate-deleted.js'
import { onEstimateShared } from './on-estimate-shared.js'
import { onEstimateUpdated } from './on-estimate-updated.js'
import { onMeetingCompleted, onMeetingCreated, onMeetingDeleted } from './on-meeting-events.js'
import { onMemberJoined } from './on-member-joined.js'
import { onOrganizationCreated } from './on-organization-created.js'
import { onPdfGenerated } from './on-pdf-generated.js'
import { onUserDeleted } from './on-user-deleted.js'
import { onUserRegistered } from './on-user-registered.js'

/**
 * Every durable consumer of the admin service. Each one creates the owner's stream when it does
 * not exist yet (libs/messaging ensureStreamExists), so admin may start before estimates or auth.
 */
export async function startAdminConsumers(deps: AdminDeps): Promise<EventConsumer[]> {
  return Promise.all([
    startConsumer(deps, onEstimateCreated),
    startConsumer(deps, onEstimateDeleted),
    startConsumer(deps, onEstimateUpdated),
    startConsumer(deps, onEstimateShared),
    startConsumer(deps, onEstimateApproved),
    startConsumer(deps, onUserRegistered),
    startConsumer(deps, onMemberJoined),
    startConsumer(deps, onUserDeleted),
    startConsumer(deps, onOrganizationCreated),
    startConsumer(deps, onAdminActionRecorded),
    startConsumer(deps, onAiGenerationCompleted),
    startConsumer(deps, onPdfGenerated),
    startConsumer(deps, onMeetingCreated),
    startConsumer(deps, onMeetingCompleted),
    startConsumer(deps, onMeetingDeleted),
    // The notification bell (README "Notifications").
    startConsumer(deps, notifyOnEstimateEvents(deps.env.APP_URL)),
    startConsumer(deps, notifyOnTaskEvents),
    startConsumer(deps, notifyOnMeetingCompletedEvents),
  ])
}
