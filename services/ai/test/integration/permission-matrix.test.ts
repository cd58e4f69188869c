import { permissionTableSuite } from '@plumbline/testing'
import { startAiTestService } from '../support/ai-test-service.js'

permissionTableSuite('ai', () => startAiTestService())
