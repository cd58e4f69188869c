import type { AdminOrganization } from '@plumbline/contracts'
import { Label } from '@plumbline/ui'

const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50'

/** Organisation then role; choosing another organisation clears the role (roles differ per organisation). */
export function OrganizationRoleFields({
  idPrefix,
  organizations,
  organizationId,
  roleId,
  allowNone = false,
  onChange,
}: {
  idPrefix: string
  organizations: AdminOrganization[]
  organizationId: string
  roleId: string
  allowNone?: boolean
  onChange: (organizationId: string, roleId: string) => void
}) {
  const roles = organizations.find((o) => o.id === organizationId)?.roles ?? []
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-organization`}>Organization</Label>
        <select id={`${idPrefix}-organization`} className={selectClass} value={organizationId} onChange={(e) => onChange(e.target.value, '')}>
          <option value="">{allowNone ? 'Their own new organization' : 'Select an organization'}</option>
          {organizations.map((org) => (
            <option key={org.id} value={org.id}>
              {org.name}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-role`}>Role</Label>
        <select
          id={`${idPrefix}-role`}
          className={selectClass}
          value={roleId}
          disabled={!organizationId}
          onChange={(e) => onChange(organizationId, e.target.value)}
        >
          <option value="">{organizationId ? 'Select a role' : allowNone ? 'Owner' : 'Select a role'}</option>
          {roles.map((role) => (
            <option key={role.id} value={role.id}>
              {role.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}
