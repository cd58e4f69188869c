// Applies this service's migrations and exits: the Kubernetes init container runs it before a new
// version starts (node src/migrate.js in the image, built by scripts/build-service.ts).
import { migrateAndExit } from '@plumbline/db'

await migrateAndExit({ service: 'admin', schema: 'admin', migrationsDir: new URL('../prisma/migrations', import.meta.url) })
