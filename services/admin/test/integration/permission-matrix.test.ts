import { permissionTableSuite } from '@plumbline/testing'
import { startAdminTestService } from '../support/admin-test-service.js'

permissionTableSuite('admin', () => startAdminTestService())
