import type { AdminUser } from '@plumbline/contracts'
import { Avatar, Button, Card, Input, Skeleton, toast } from '@plumbline/ui'
import { useAuth } from '@plumbline/web'
import { Pencil, Plus, Search, Trash2 } from 'lucide-react'
import * as React from 'react'
import { useAdminUsers } from '../api'
import { CreateUserDialog } from './create-user-dialog'
import { DeleteUserDialog, EditMembershipDialog, fullName, TemporaryPasswordDialog } from './user-dialogs'

export const USERS_PAGE_SIZE = 10

const matches = (user: AdminUser, query: string) =>
  [user.email, user.firstName, user.lastName, ...user.organizations.map((o) => o.organizationName)].some((v) => v?.toLowerCase().includes(query))

const createdOn = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })

/** System Users (spec 001 §2): search, pages of 10, create, membership, delete (never one's own row). */
export function UsersPage() {
  const users = useAdminUsers()
  const { user: me } = useAuth()
  const [query, setQuery] = React.useState('')
  const [page, setPage] = React.useState(1)
  const [creating, setCreating] = React.useState(false)
  const [password, setPassword] = React.useState<{ email: string; password: string } | null>(null)
  const [deleting, setDeleting] = React.useState<AdminUser | null>(null)
  const [editing, setEditing] = React.useState<AdminUser | null>(null)

  const all = users.data ?? []
  const filtered = query.trim() ? all.filter((u) => matches(u, query.trim().toLowerCase())) : all
  const pages = Math.max(1, Math.ceil(filtered.length / USERS_PAGE_SIZE))
  const current = Math.min(page, pages)
  const shown = filtered.slice((current - 1) * USERS_PAGE_SIZE, current * USERS_PAGE_SIZE)

  return (
    <section aria-labelledby="system-users" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="system-users" className="text-lg font-semibold tracking-tight">
          System Users ({all.length})
        </h2>
        <Button onClick={() => setCreating(true)}>
          <Plus />
          Create User
        </Button>
      </div>
      <div className="relative max-w-sm">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          aria-label="Search users"
          placeholder="Search by name, email or organization"
          className="pl-9"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value)
            setPage(1)
          }}
        />
      </div>
      <Card className="overflow-x-auto p-0">
        {users.isLoading ? (
          <div className="grid gap-2 p-4">
            {['s1', 's2', 's3', 's4', 's5'].map((key) => (
              <Skeleton key={key} className="h-10 w-full" />
            ))}
          </div>
        ) : users.isError ? (
          <p role="alert" className="p-6 text-sm text-destructive">
            Failed to load users.
          </p>
        ) : (
          <table className="w-full min-w-[640px] text-sm">
            <thead className="border-b bg-muted/40 text-left text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                <th className="px-4 py-2 font-medium">User</th>
                <th className="px-4 py-2 font-medium">Organizations</th>
                <th className="px-4 py-2 font-medium">Created</th>
                <th className="px-4 py-2 text-right font-medium">Actions</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((user) => (
                <tr key={user.id} className="border-b last:border-0">
                  <td className="px-4 py-3">
                    <div className="flex items-center gap-3">
                      <Avatar name={fullName(user)} src={user.profileImageUrl} className="size-8" />
                      <div className="min-w-0">
                        <div className="truncate font-medium">{fullName(user)}</div>
                        <div className="truncate text-muted-foreground">{user.email}</div>
                      </div>
                    </div>
                  </td>
                  <td className="px-4 py-3">{user.organizations.map((o) => o.organizationName).join(', ') || '—'}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">{createdOn(user.createdAt)}</td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-1">
                      <Button variant="ghost" size="icon" aria-label={`Edit membership of ${user.email}`} onClick={() => setEditing(user)}>
                        <Pencil />
                      </Button>
                      {user.id === me?.id ? null : (
                        <Button variant="ghost" size="icon" aria-label={`Delete ${user.email}`} className="text-destructive" onClick={() => setDeleting(user)}>
                          <Trash2 />
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
              {shown.length === 0 ? (
                <tr>
                  <td colSpan={4} className="px-4 py-8 text-center text-muted-foreground">
                    No users match your search.
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        )}
      </Card>
      {pages > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-end gap-2 text-sm">
          <Button variant="outline" size="sm" disabled={current <= 1} onClick={() => setPage(current - 1)}>
            Previous
          </Button>
          <span>
            Page {current} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={current >= pages} onClick={() => setPage(current + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
      <CreateUserDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(reply, email) => {
          if (reply.temporaryPassword) setPassword({ email, password: reply.temporaryPassword })
          else toast({ variant: 'success', title: 'User created', description: `${email} can sign in with the password you set.` })
        }}
      />
      <TemporaryPasswordDialog shown={password} onClose={() => setPassword(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
      <EditMembershipDialog user={editing} onClose={() => setEditing(null)} />
    </section>
  )
}
