import { permissionTableSuite } from '@plumbline/testing'
import { startAuthTestService } from '../support/auth-test-service.js'

permissionTableSuite('auth', () => startAuthTestService())
