import { type Role, type RoleInput, ZRoleInput } from '@plumbline/contracts'
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, EmptyState } from '@plumbline/ui'
import { useQuery } from '@tanstack/react-query'
import { Pencil, ShieldCheck, SlidersHorizontal, Trash2, Users } from 'lucide-react'
import * as React from 'react'
import { CatalogError, CatalogSkeleton } from '../catalog/catalog-states'
import { ConfirmDialog } from '../catalog/confirm-dialog'
import { NameForm } from '../catalog/name-form'
import { MembersSection } from './members-section'
import { PermissionsDialog } from './permissions-dialog'
import { rolesApi, rolesKey, useRoleAction } from './roles-api'

/** Settings → Roles (spec 001 §2, §3, §6): the built-in roles read-only, the organisation's own editable. */
export function RolesTab({ orgId }: { orgId: string }) {
  const roles = useQuery<Role[]>({ queryKey: rolesKey(orgId) })
  const create = useRoleAction(
    orgId,
    (input: RoleInput) => rolesApi.create(orgId, input),
    'Failed to create role',
    (r) => `Role "${r.name}" created. Set its permissions next.`,
  )

  if (roles.isError && !roles.data) return <CatalogError what="roles" error={roles.error} onRetry={() => void roles.refetch()} />
  if (!roles.data) return <CatalogSkeleton />
  const own = roles.data.filter((r) => !r.isSystemRole)
  const system = roles.data.filter((r) => r.isSystemRole)
  return (
    <div className="space-y-6">
      <MembersSection orgId={orgId} roles={roles.data} />
      <Card>
        <CardHeader>
          <CardTitle>New Role</CardTitle>
          <CardDescription>A custom role starts with no permissions; choose what it may do in each module with Permissions.</CardDescription>
        </CardHeader>
        <CardContent>
          <NameForm
            schema={ZRoleInput}
            idPrefix="new-role"
            nameLabel="Role Name"
            submitLabel="Create Role"
            busy={create.isPending}
            onSubmit={(v) => create.mutateAsync(v)}
          />
        </CardContent>
      </Card>
      <section aria-label="Your roles" className="space-y-4">
        <h2 className="text-lg font-semibold">Your Roles</h2>
        {own.length === 0 ? (
          <Card>
            <EmptyState
              icon={<ShieldCheck />}
              title="No custom roles yet"
              description="Create one above when the built-in roles do not fit your team."
              className="py-8"
            />
          </Card>
        ) : (
          own.map((r) => <RoleCard key={r.id} orgId={orgId} role={r} />)
        )}
      </section>
      <section aria-label="System roles" className="space-y-4">
        <h2 className="text-lg font-semibold">System Roles</h2>
        {system.map((r) => (
          <RoleCard key={r.id} orgId={orgId} role={r} />
        ))}
      </section>
    </div>
  )
}

function RoleCard({ orgId, role }: { orgId: string; role: Role }) {
  const [editing, setEditing] = React.useState(false)
  const [confirming, setConfirming] = React.useState(false)
  const [matrixOpen, setMatrixOpen] = React.useState(false)
  const update = useRoleAction(
    orgId,
    (input: RoleInput) => rolesApi.update(orgId, role.id, { name: input.name, description: input.description || null }),
    'Failed to update role',
  )
  const remove = useRoleAction(
    orgId,
    () => rolesApi.remove(orgId, role.id),
    'Failed to delete role',
    () => `Role "${role.name}" deleted.`,
  )
  const members = `${role.memberCount} member${role.memberCount === 1 ? '' : 's'}`

  return (
    <Card role="region" aria-label={`Role ${role.name}`}>
      <CardHeader className="gap-3">
        {editing ? (
          <NameForm
            schema={ZRoleInput}
            initial={{ name: role.name, description: role.description ?? '' }}
            idPrefix={`role-${role.id}`}
            nameLabel="Role Name"
            submitLabel="Save"
            busy={update.isPending}
            onSubmit={async (v) => {
              await update.mutateAsync(v)
              setEditing(false)
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0 space-y-1">
              <CardTitle className="flex flex-wrap items-center gap-2">
                {role.name}
                {role.isSystemRole ? <Badge variant="secondary">System</Badge> : null}
              </CardTitle>
              {role.description ? <CardDescription>{role.description}</CardDescription> : null}
              <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <Users className="size-3.5" aria-hidden="true" /> {members}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => setMatrixOpen(true)} aria-label={`Permissions of ${role.name}`}>
                <SlidersHorizontal /> {role.isSystemRole ? 'View Permissions' : 'Permissions'}
              </Button>
              {role.isSystemRole ? null : (
                <>
                  <Button variant="outline" size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${role.name}`}>
                    <Pencil /> Edit
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setConfirming(true)} aria-label={`Delete ${role.name}`}>
                    <Trash2 /> Delete
                  </Button>
                </>
              )}
            </div>
          </div>
        )}
      </CardHeader>
      <PermissionsDialog orgId={orgId} role={role} open={matrixOpen} onOpenChange={setMatrixOpen} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete "${role.name}"?`}
        confirmLabel="Delete Role"
        busy={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      >
        {role.memberCount > 0 ? (
          <p>
            {members} hold this role. Give {role.memberCount === 1 ? 'them' : 'each of them'} another role first: a role in use cannot be deleted.
          </p>
        ) : (
          <p>The role and its permissions will be deleted. No member holds it.</p>
        )}
      </ConfirmDialog>
    </Card>
  )
}
