import type { Express } from 'express'
import type { MeetingsDeps } from './deps.js'
import { meetingRoutes } from './http/meeting-routes.js'
import { taskRoutes } from './http/task-routes.js'

export type { MeetingsDeps } from './deps.js'

/** Routes of the meetings service; services see paths without the gateway's /api prefix. */
export const meetingsRoutes = (deps: MeetingsDeps) => (app: Express) => {
  app.use(meetingRoutes(deps))
  app.use(taskRoutes(deps))
}
