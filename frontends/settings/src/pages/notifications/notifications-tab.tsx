import type { NotificationPreferences } from '@plumbline/contracts'
import { EMAIL_NOTIFICATION_LABELS } from '@plumbline/contracts/admin-messages'
import * as api from '@plumbline/contracts/api-paths'
import { Button, Card, EmptyState, Label, Skeleton, Switch, toast } from '@plumbline/ui'
import { apiKey, callApi } from '@plumbline/web'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { AlertCircle, Bell, Mail, RotateCw } from 'lucide-react'

export const preferencesKey = (orgId: string) => apiKey(api.getNotificationPreferences, { orgId })

/**
 * Your own notifications: for each client action on an estimate, the bell only, or the bell and
 * an e-mail (each such e-mail also has a one-click unsubscribe for its kind). Saved per switch.
 */
export function NotificationsTab({ orgId }: { orgId: string }) {
  const qc = useQueryClient()
  const prefs = useQuery<NotificationPreferences>({ queryKey: preferencesKey(orgId) })
  const save = useMutation({
    mutationFn: (change: NotificationPreferences['preferences'][number]) =>
      callApi(api.putNotificationPreferences, { params: { orgId }, body: { preferences: [change] } }),
    onSuccess: (data, change) => {
      qc.setQueryData(preferencesKey(orgId), data)
      toast({
        title: 'Notification settings saved',
        description: `${EMAIL_NOTIFICATION_LABELS[change.kind]}: ${change.email ? 'bell and e-mail' : 'bell only'}.`,
      })
    },
    onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to update notification settings' }),
  })

  if (prefs.isPending) return <Skeleton className="h-48 w-full rounded-xl" />
  if (prefs.isError)
    return (
      <Card>
        <EmptyState
          icon={<AlertCircle />}
          title="Failed to load notification settings"
          action={
            <Button variant="outline" onClick={() => void prefs.refetch()}>
              <RotateCw />
              Retry
            </Button>
          }
        />
      </Card>
    )
  return (
    <Card className="max-w-3xl" data-testid="notification-preferences">
      <div className="border-b px-5 py-4">
        <h2 className="text-base font-semibold tracking-tight">When a client acts on your estimates</h2>
        <p className="text-sm text-muted-foreground">
          The bell always tells you. Choose which of these also come by e-mail; every such e-mail has a link to stop it.
        </p>
      </div>
      <ul className="divide-y">
        {prefs.data.preferences.map((p) => (
          <li key={p.kind} className="flex items-center justify-between gap-4 px-5 py-4">
            <div className="min-w-0">
              <Label htmlFor={`email-${p.kind}`} className="text-sm font-medium">
                {EMAIL_NOTIFICATION_LABELS[p.kind]}
              </Label>
              <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
                {p.email ? <Mail className="size-3.5" aria-hidden="true" /> : <Bell className="size-3.5" aria-hidden="true" />}
                {p.email ? 'Bell and e-mail' : 'Bell only'}
              </p>
            </div>
            <div className="flex shrink-0 items-center gap-2">
              <span className="text-xs text-muted-foreground">E-mail</span>
              <Switch
                id={`email-${p.kind}`}
                checked={p.email}
                disabled={save.isPending}
                onCheckedChange={(email) => save.mutate({ kind: p.kind, email })}
                aria-label={`E-mail: ${EMAIL_NOTIFICATION_LABELS[p.kind]}`}
              />
            </div>
          </li>
        ))}
      </ul>
    </Card>
  )
}
