import { PERMISSION_MODULES, type PermissionAction, type PermissionModule, type Role, type RolePermission } from '@plumbline/contracts'
import { Button, Checkbox, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Skeleton } from '@plumbline/ui'
import { useActiveOrganization } from '@plumbline/web'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import * as React from 'react'
import { permissionsKey, rolesApi, useRoleAction } from './roles-api'

export const MODULE_LABELS: Record<PermissionModule, string> = {
  cost_estimator: 'Cost Estimator',
  ai_notetaker: 'AI Notetaker',
  projects: 'Projects',
  team: 'Team',
}

const FLAGS = [
  ['canAccess', 'Access', 'access'],
  ['canCreate', 'Create', 'create'],
  ['canEdit', 'Edit', 'edit'],
  ['canDelete', 'Delete', 'delete'],
  ['canShare', 'Share', 'share'],
] as const satisfies readonly (readonly [string, string, PermissionAction])[]

const NOT_YOURS = 'Your role does not hold this permission, so you cannot grant it'
const BEYOND_YOURS = 'This role carries permissions your own role does not hold; only an Owner can change it.'
type Flag = (typeof FLAGS)[number][0]

/**
 * The permission matrix of one role (spec 001 §6): flags per module. System roles show theirs
 * read-only; a custom role's are edited here and saved at once for every member holding it.
 * Nobody grants what they do not hold (the server refuses it): a flag the viewer's own role lacks
 * cannot be ticked, and a role already carrying such a flag is read-only, Owners excepted.
 */
export function PermissionsDialog({ orgId, role, open, onOpenChange }: { orgId: string; role: Role; open: boolean; onOpenChange: (open: boolean) => void }) {
  const matrix = useQuery<RolePermission[]>({ queryKey: permissionsKey(orgId, role.id), enabled: open })
  const [draft, setDraft] = React.useState<RolePermission[] | null>(null)
  const qc = useQueryClient()
  const save = useRoleAction(
    orgId,
    (rows: RolePermission[]) => rolesApi.setPermissions(orgId, role.id, rows),
    'Failed to update permissions',
    () => `Permissions of "${role.name}" saved. Its members get them on their next request.`,
  )
  const rows = draft ?? matrix.data ?? null
  const org = useActiveOrganization()
  const holds = (module: PermissionModule, action: PermissionAction) =>
    org?.role === 'Owner' || !org?.permissions || (org.permissions[module]?.includes(action) ?? false)
  const beyondViewer = !role.isSystemRole && (matrix.data ?? []).some((r) => FLAGS.some(([flag, , action]) => r[flag] && !holds(r.module, action)))
  const readOnly = role.isSystemRole || beyondViewer
  const toggle = (module: string, flag: Flag, value: boolean) =>
    setDraft((current) => (current ?? matrix.data ?? []).map((r) => (r.module === module ? { ...r, [flag]: value } : r)))
  const close = (next: boolean) => {
    if (!next) setDraft(null)
    onOpenChange(next)
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{readOnly ? `Permissions of ${role.name}` : `Manage permissions: ${role.name}`}</DialogTitle>
          <DialogDescription>
            {role.isSystemRole
              ? 'System roles are built in; their permissions are read-only. Create a custom role to choose your own.'
              : beyondViewer
                ? BEYOND_YOURS
                : 'What members with this role may do in each part of Plumbline.'}
          </DialogDescription>
        </DialogHeader>
        {matrix.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the permissions.{' '}
            <Button variant="link" className="h-auto p-0" onClick={() => void matrix.refetch()}>
              Retry
            </Button>
          </p>
        ) : !rows ? (
          <Skeleton className="h-48 w-full" />
        ) : (
          <div className="overflow-hidden rounded-lg border">
            <table className="w-full table-fixed text-sm">
              <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
                <tr>
                  <th scope="col" style={{ width: '34%' }} className="px-2 py-2 font-medium sm:px-3">
                    Module
                  </th>
                  {FLAGS.map(([flag, label]) => (
                    <th key={flag} scope="col" className="px-0.5 py-2 text-center text-[11px] font-medium sm:px-2 sm:text-xs">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y">
                {PERMISSION_MODULES.map((module) => {
                  const row = rows.find((r) => r.module === module)
                  return (
                    <tr key={module}>
                      <th scope="row" className="px-2 py-2 text-left text-[13px] font-medium sm:px-3 sm:text-sm">
                        {MODULE_LABELS[module]}
                      </th>
                      {FLAGS.map(([flag, label, action]) => {
                        const checked = row?.[flag] ?? false
                        const notYours = !readOnly && !checked && !holds(module, action)
                        return (
                          <td key={flag} className="px-0.5 py-2 text-center sm:px-2">
                            <Checkbox
                              aria-label={`${MODULE_LABELS[module]}: ${label}`}
                              title={notYours ? NOT_YOURS : undefined}
                              checked={checked}
                              disabled={readOnly || notYours || save.isPending}
                              onCheckedChange={(v) => toggle(module, flag, v === true)}
                            />
                          </td>
                        )
                      })}
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            {readOnly ? 'Close' : 'Cancel'}
          </Button>
          {readOnly ? null : (
            <Button
              disabled={!draft || save.isPending}
              onClick={() =>
                draft &&
                save.mutate(draft, {
                  onSuccess: (saved) => {
                    qc.setQueryData(permissionsKey(orgId, role.id), saved)
                    close(false)
                  },
                })
              }
            >
              Save Permissions
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
