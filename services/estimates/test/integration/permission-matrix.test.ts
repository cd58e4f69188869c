import { permissionTableSuite } from '@plumbline/testing'
import { startEstimatesTestService } from '../support/estimates-test-service.js'

permissionTableSuite('estimates', () => startEstimatesTestService())
