import 'dotenv/config'
import { defineConfig } from 'prisma/config'

// No env() here: it throws when DATABASE_URL is unset, and `prisma generate` needs no database.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/plumbline?schema=auth' },
})
