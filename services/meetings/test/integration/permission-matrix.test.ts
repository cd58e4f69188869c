import { permissionTableSuite } from '@plumbline/testing'
import { startMeetingsTestService } from '../support/meetings-test-service.js'

permissionTableSuite('meetings', () => startMeetingsTestService())
