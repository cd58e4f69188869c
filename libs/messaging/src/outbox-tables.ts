import { quoteIdent } from './sql-names.js'

/**
 * DDL for the outbox and the consumer de-duplication table. Services declare the same tables
 * in their Prisma schema (OUTBOX_PRISMA_MODELS); tests create them from this. Keep both in step.
 */
export function OUTBOX_TABLES_SQL(schema: string): string {
  const s = quoteIdent(schema)
  return `CREATE TABLE ${s}.outbox_events (id uuid PRIMARY KEY, subject text NOT NULL, payload jsonb NOT NULL, headers jsonb NOT NULL DEFAULT '{}', created_at timestamptz(3) NOT NULL DEFAULT now(), published_at timestamptz(3), attempts integer NOT NULL DEFAULT 0);
CREATE INDEX outbox_events_unpublished_idx ON ${s}.outbox_events (published_at, created_at);
CREATE TABLE ${s}.processed_events (consumer text NOT NULL, event_id uuid NOT NULL, processed_at timestamptz(3) NOT NULL DEFAULT now(), PRIMARY KEY (consumer, event_id));
`
}

/** The same two tables as Prisma models, to paste into a service's schema.prisma. */
export const OUTBOX_PRISMA_MODELS = `model OutboxEvent {
  id          String    @id @db.Uuid
  subject     String
  payload     Json
  headers     Json      @default("{}")
  createdAt   DateTime  @default(now()) @map("created_at") @db.Timestamptz(3)
  publishedAt DateTime? @map("published_at") @db.Timestamptz(3)
  attempts    Int       @default(0)

  @@index([publishedAt, createdAt], map: "outbox_events_unpublished_idx")
  @@map("outbox_events")
}

model ProcessedEvent {
  consumer    String
  eventId     String   @map("event_id") @db.Uuid
  processedAt DateTime @default(now()) @map("processed_at") @db.Timestamptz(3)

  @@id([consumer, eventId])
  @@map("processed_events")
}
`
