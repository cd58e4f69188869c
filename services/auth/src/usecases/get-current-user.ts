import type { CurrentUser, UserOrganization } from '@plumbline/contracts'
import type { UserWithMemberships } from '../data/user-directory.js'
import type { AuthDeps } from '../deps.js'
import { notAuthenticated } from '../domain/auth-errors.js'
import { toPermissionSet } from '../domain/permissions.js'

export const toUserOrganizations = (user: UserWithMemberships): UserOrganization[] =>
  user.memberships.map((m) => ({ id: m.organization.id, name: m.organization.name, role: m.role.name, permissions: toPermissionSet(m.role.permissions) }))

type CurrentUserRow = Omit<CurrentUser, 'organizations'> & { organizations: UserOrganization[] }

/**
 * GET /user: the signed-in user with organisations, the active (oldest membership) first. Every
 * page load asks for it, so it is one query with the memberships aggregated in the database
 * (Prisma's nested include took five round trips on this hot path; docs/adr/0010).
 */
export async function getCurrentUser(deps: AuthDeps, userId: string): Promise<CurrentUser> {
  const [user] = await deps.prisma.$queryRaw<CurrentUserRow[]>`
    SELECT u.id, u.email, u.first_name AS "firstName", u.last_name AS "lastName", u.profile_image_url AS "profileImageUrl",
           u.system_role::text AS "systemRole", u.email_verified_at IS NOT NULL AS "emailVerified",
           u.require_password_reset AS "requirePasswordReset",
           COALESCE(json_agg(json_build_object('id', o.id, 'name', o.name, 'role', r.name, 'permissions', (
             SELECT COALESCE(json_object_agg(rp.module, ARRAY_REMOVE(ARRAY[
               CASE WHEN rp.can_access THEN 'access' END, CASE WHEN rp.can_create THEN 'create' END, CASE WHEN rp.can_edit THEN 'edit' END,
               CASE WHEN rp.can_delete THEN 'delete' END, CASE WHEN rp.can_share THEN 'share' END], NULL)), '{}')
             FROM role_permissions rp WHERE rp.role_id = r.id)) ORDER BY m.created_at, m.id)
                    FILTER (WHERE m.id IS NOT NULL), '[]') AS organizations
    FROM users u
    LEFT JOIN memberships m ON m.user_id = u.id
    LEFT JOIN organizations o ON o.id = m.organization_id
    LEFT JOIN roles r ON r.id = m.role_id
    WHERE u.id = ${userId} AND u.deleted_at IS NULL
    GROUP BY u.id`
  if (!user) throw notAuthenticated()
  return user
}
