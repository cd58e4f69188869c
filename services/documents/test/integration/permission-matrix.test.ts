import { permissionTableSuite } from '@plumbline/testing'
import { startDocumentsTestService } from '../support/documents-test-service.js'

permissionTableSuite('documents', () => startDocumentsTestService())
