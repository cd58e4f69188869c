import { ErrorCode, ROLE_MESSAGES } from '@plumbline/contracts'
import { AppError, notFound } from '@plumbline/service-kit'

export const roleNotFound = () => notFound('Role')
export const systemRoleReadOnly = () => new AppError(403, ErrorCode.FORBIDDEN, ROLE_MESSAGES.systemReadOnly)
export const systemPermissionsReadOnly = () => new AppError(403, ErrorCode.FORBIDDEN, ROLE_MESSAGES.systemPermissionsReadOnly)
export const roleNameTaken = () => new AppError(409, ErrorCode.CONFLICT, ROLE_MESSAGES.nameTaken, [{ field: 'name', message: ROLE_MESSAGES.nameTaken }])
export const roleInUse = (members: number) => new AppError(409, ErrorCode.CONFLICT, ROLE_MESSAGES.inUse(members))
export const grantBeyondOwn = (missing: string[]) => new AppError(403, ErrorCode.FORBIDDEN, ROLE_MESSAGES.grantBeyondOwn(missing))
export const roleBeyondOwn = (missing: string[], field?: string) =>
  new AppError(403, ErrorCode.FORBIDDEN, ROLE_MESSAGES.roleBeyondOwn(missing), field ? [{ field, message: ROLE_MESSAGES.roleBeyondOwn(missing) }] : undefined)
export const memberBeyondOwn = (missing: string[]) => new AppError(403, ErrorCode.FORBIDDEN, ROLE_MESSAGES.memberBeyondOwn(missing))
