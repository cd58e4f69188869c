import type { AuditEntry } from '@plumbline/contracts'
import { Card } from '@plumbline/ui'
import { useAuditEntries } from '../api'

const ACTION_LABELS: Record<string, string> = {
  'user.created': 'Created user',
  'user.deleted': 'Deleted user',
  'user.membership_changed': 'Changed membership',
  'subscription_override.set': 'Set subscription override',
  'subscription_override.removed': 'Removed subscription override',
}

const changeText = (entry: AuditEntry) =>
  [entry.before ? `before ${JSON.stringify(entry.before)}` : null, entry.after ? `after ${JSON.stringify(entry.after)}` : null].filter(Boolean).join(' → ')

/** The newest admin actions (who, what, when, before/after). */
export function AuditList() {
  const entries = useAuditEntries()
  return (
    <section aria-labelledby="audit-log" className="grid gap-3">
      <h2 id="audit-log" className="text-lg font-semibold tracking-tight">
        Audit Log
      </h2>
      <Card className="p-0">
        {entries.isError ? (
          <p role="alert" className="p-4 text-sm text-destructive">
            Failed to load the audit log.
          </p>
        ) : (
          <ol className="divide-y text-sm">
            {(entries.data ?? []).map((entry) => (
              <li key={entry.id} className="grid gap-0.5 px-4 py-2.5">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium">
                    {ACTION_LABELS[entry.action] ?? entry.action} <span className="font-normal text-muted-foreground">{entry.target}</span>
                  </span>
                  <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
                    {new Date(entry.createdAt).toLocaleString()}
                  </time>
                </div>
                <div className="text-xs text-muted-foreground">by {entry.actorEmail ?? entry.actorId}</div>
                <div className="break-all font-mono text-xs text-muted-foreground">{changeText(entry)}</div>
              </li>
            ))}
            {entries.data?.length === 0 ? <li className="px-4 py-6 text-center text-muted-foreground">No admin actions yet.</li> : null}
          </ol>
        )}
      </Card>
    </section>
  )
}
