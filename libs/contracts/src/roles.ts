import { z } from 'zod'
import { PERMISSION_MODULES, ZRolePermission } from './permissions.js'
import { nameText } from './text.js'

/** An organisation's role as the Roles tab lists it (spec 001 §3 Role): system roles first. */
export const ZRole = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isSystemRole: z.boolean(),
  /** Members of this organisation holding the role (a role in use cannot be deleted). */
  memberCount: z.number().int(),
})
export type Role = z.infer<typeof ZRole>

export const ROLE_MESSAGES = {
  nameRequired: 'Role name is required',
  nameTaken: 'A role with this name already exists',
  notFound: 'Role not found',
  systemReadOnly: 'System roles cannot be edited or deleted',
  systemPermissionsReadOnly: 'System role permissions are read-only',
  inUse: (n: number) => `This role is held by ${n} member${n === 1 ? '' : 's'}. Give ${n === 1 ? 'them' : 'each of them'} another role first.`,
  duplicateModule: 'Each module may appear once',
  /** Nobody grants what they do not hold (Owners excepted); `missing` lists e.g. "team delete". */
  grantBeyondOwn: (missing: string[]) => `You can only grant permissions your own role holds; this would grant ${missing.join(', ')}`,
  roleBeyondOwn: (missing: string[]) =>
    `This role carries permissions your own role does not hold (${missing.join(', ')}); only an Owner can change or give it`,
  memberBeyondOwn: (missing: string[]) =>
    `This member's role carries permissions your own role does not hold (${missing.join(', ')}); only an Owner can change it`,
} as const

const name = nameText(
  z.string({ error: ROLE_MESSAGES.nameRequired }).trim().min(1, ROLE_MESSAGES.nameRequired).max(100, 'Role name must be at most 100 characters'),
)
const description = z.string().trim().max(500, 'Description must be at most 500 characters').nullish()

export const ZRoleInput = z.object({ name, description })
export type RoleInput = z.infer<typeof ZRoleInput>

/** PATCH /roles/{id}: rename and/or describe. */
export const ZRolePatch = z
  .object({ name: name.optional(), description })
  .refine((v) => v.name !== undefined || v.description !== undefined, { message: 'Nothing to change', path: ['name'] })
export type RolePatch = z.infer<typeof ZRolePatch>

/** PUT /roles/{id}/permissions: the matrix; a module left out has no access. */
export const ZRolePermissionsBody = z
  .array(ZRolePermission)
  .max(PERMISSION_MODULES.length)
  .refine((rows) => new Set(rows.map((r) => r.module)).size === rows.length, ROLE_MESSAGES.duplicateModule)
export const ZRolePermissions = z.array(ZRolePermission)
