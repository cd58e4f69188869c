import {
  type PhaseGroup,
  PROJECT_TYPE_ICONS,
  type ProjectType,
  type ProjectTypeInput,
  SYSTEM_PROJECT_TYPE_READ_ONLY,
  SYSTEM_PROJECT_TYPE_TITLE,
  ZProjectTypeInput,
} from '@plumbline/contracts'
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  cn,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Label,
  ProjectTypeIcon,
  toast,
} from '@plumbline/ui'
import { useQuery } from '@tanstack/react-query'
import { Link2, Lock, Pencil, Star, Trash2 } from 'lucide-react'
import * as React from 'react'
import { catalogApi, phaseGroupsKey, projectTypesKey } from './catalog-api'
import { CatalogError, CatalogSkeleton } from './catalog-states'
import { ConfirmDialog } from './confirm-dialog'
import { NameForm } from './name-form'
import { useCatalogAction } from './use-catalog-action'

/** Spec 001 §2: a card lists up to two linked phase groups, then "+N more". */
export const SHOWN_GROUPS = 2

type Icon = (typeof PROJECT_TYPE_ICONS)[number]

/** Settings → Project Types (spec 001 §2, §3, §4, §8): system types read-only, the organisation's own editable. */
export function ProjectTypesTab({ orgId }: { orgId: string }) {
  const types = useQuery<ProjectType[]>({ queryKey: projectTypesKey(orgId) })
  const [icon, setIcon] = React.useState<Icon>('package')
  const create = useCatalogAction(
    orgId,
    (input: ProjectTypeInput) => catalogApi.createType(orgId, input),
    'Failed to create project type',
    (t) => `Project type "${t.name}" created.`,
  )

  if (types.isError && !types.data) return <CatalogError what="project types" error={types.error} onRetry={() => void types.refetch()} />
  if (!types.data) return <CatalogSkeleton />
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>New Project Type</CardTitle>
          <CardDescription>
            Creating custom project types is an administrator action. New estimates of a type get the phases of its default phase group.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <NameForm
            schema={ZProjectTypeInput}
            idPrefix="new-type"
            nameLabel="Project Type Name"
            submitLabel="Create Project Type"
            busy={create.isPending}
            extra={<IconPicker idPrefix="new-type" value={icon} onChange={setIcon} />}
            extraValues={{ icon }}
            onSubmit={async (v) => {
              await create.mutateAsync(v)
              setIcon('package')
            }}
          />
        </CardContent>
      </Card>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {types.data.map((t) => (
          <ProjectTypeCard key={t.id} orgId={orgId} type={t} />
        ))}
      </div>
    </div>
  )
}

function IconPicker({ idPrefix, value, onChange }: { idPrefix: string; value: Icon; onChange: (icon: Icon) => void }) {
  return (
    <div className="space-y-2">
      <Label id={`${idPrefix}-icon-label`}>Icon</Label>
      <div role="radiogroup" aria-labelledby={`${idPrefix}-icon-label`} className="flex flex-wrap gap-2">
        {PROJECT_TYPE_ICONS.map((name) => (
          <button
            key={name}
            type="button"
            role="radio"
            aria-checked={value === name}
            aria-label={name}
            onClick={() => onChange(name)}
            className={cn(
              'flex size-10 items-center justify-center rounded-lg border transition-colors hover:bg-accent',
              value === name && 'border-primary bg-primary/10 text-primary ring-2 ring-primary/30',
            )}
          >
            <ProjectTypeIcon icon={name} className="size-5" />
          </button>
        ))}
      </div>
    </div>
  )
}

const systemToast = () => toast({ variant: 'destructive', title: SYSTEM_PROJECT_TYPE_TITLE, description: SYSTEM_PROJECT_TYPE_READ_ONLY })

function ProjectTypeCard({ orgId, type }: { orgId: string; type: ProjectType }) {
  const [editing, setEditing] = React.useState(false)
  const [linking, setLinking] = React.useState(false)
  const [confirming, setConfirming] = React.useState(false)
  const [icon, setIcon] = React.useState<Icon>(() => ((PROJECT_TYPE_ICONS as readonly string[]).includes(type.icon) ? (type.icon as Icon) : 'package'))
  const update = useCatalogAction(orgId, (input: ProjectTypeInput) => catalogApi.updateType(orgId, type.id, input), 'Failed to update project type')
  const remove = useCatalogAction(
    orgId,
    () => catalogApi.deleteType(orgId, type.id),
    'Failed to delete project type',
    () => `Project type "${type.name}" deleted.`,
  )
  const shown = type.phaseGroups.slice(0, SHOWN_GROUPS)
  const more = type.phaseGroups.length - shown.length

  return (
    <Card role="region" aria-label={`Project type ${type.name}`} className="flex flex-col">
      <CardHeader className="gap-3">
        {editing ? (
          <NameForm
            schema={ZProjectTypeInput}
            initial={{ name: type.name, description: type.description ?? '' }}
            idPrefix={`type-${type.id}`}
            nameLabel="Project Type Name"
            submitLabel="Save"
            busy={update.isPending}
            extra={<IconPicker idPrefix={`type-${type.id}`} value={icon} onChange={setIcon} />}
            extraValues={{ icon }}
            onSubmit={async (v) => {
              await update.mutateAsync(v)
              setEditing(false)
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <div className="flex items-start gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <ProjectTypeIcon icon={type.icon} className="size-5" />
            </span>
            <div className="min-w-0 flex-1 space-y-1">
              <CardTitle className="flex flex-wrap items-center gap-2">
                {type.name}
                {type.isSystemTemplate ? (
                  <Badge variant="secondary">
                    <Lock className="size-3" aria-hidden="true" /> System
                  </Badge>
                ) : null}
              </CardTitle>
              {type.description ? <CardDescription>{type.description}</CardDescription> : null}
            </div>
          </div>
        )}
      </CardHeader>
      <CardContent className="mt-auto space-y-3">
        {type.phaseGroups.length === 0 ? <p className="text-xs text-muted-foreground">No phase groups linked</p> : null}
        <ul className="flex flex-wrap items-center gap-1.5" aria-label="Linked phase groups">
          {shown.map((g) => (
            <li key={g.id}>
              <Badge variant="outline" title={g.isDefault ? 'Default phase group' : undefined}>
                {g.isDefault ? <Star className="size-3 fill-current" aria-label="Default" /> : null}
                {g.name}
              </Badge>
            </li>
          ))}
          {more > 0 ? (
            <li>
              <Badge variant="secondary">+{more} more</Badge>
            </li>
          ) : null}
        </ul>
        {editing ? null : (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => (type.isSystemTemplate ? systemToast() : setEditing(true))} aria-label={`Edit ${type.name}`}>
              <Pencil /> Edit
            </Button>
            {type.isSystemTemplate ? null : (
              <>
                <Button variant="outline" size="sm" onClick={() => setLinking(true)} aria-label={`Link phase groups to ${type.name}`}>
                  <Link2 /> Phase Groups
                </Button>
                <Button variant="outline" size="sm" onClick={() => setConfirming(true)} aria-label={`Delete ${type.name}`}>
                  <Trash2 /> Delete
                </Button>
              </>
            )}
          </div>
        )}
      </CardContent>
      {linking ? <LinkGroupsDialog orgId={orgId} type={type} onClose={() => setLinking(false)} /> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete "${type.name}"?`}
        confirmLabel="Delete Project Type"
        busy={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      >
        <p>Existing estimates of this type keep their phases. Its phase groups are not deleted.</p>
      </ConfirmDialog>
    </Card>
  )
}

/** Spec 001 §2 "link phase groups" dialog: link or unlink any visible group; one is the default. */
function LinkGroupsDialog({ orgId, type, onClose }: { orgId: string; type: ProjectType; onClose: () => void }) {
  const groups = useQuery<PhaseGroup[]>({ queryKey: phaseGroupsKey(orgId) })
  const link = useCatalogAction(
    orgId,
    (v: { groupId: string; isDefault?: boolean }) => catalogApi.link(orgId, type.id, v.groupId, v.isDefault),
    'Failed to link phase group',
  )
  const unlink = useCatalogAction(orgId, (groupId: string) => catalogApi.unlink(orgId, type.id, groupId), 'Failed to unlink phase group')
  const linked = new Map(type.phaseGroups.map((g) => [g.id, g.isDefault]))
  const busy = link.isPending || unlink.isPending
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-h-[85vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Phase Groups for {type.name}</DialogTitle>
          <DialogDescription>New estimates of this type get the phases of the default group.</DialogDescription>
        </DialogHeader>
        {!groups.data ? (
          <CatalogSkeleton />
        ) : (
          <ul className="divide-y rounded-lg border">
            {groups.data.map((g) => {
              const isLinked = linked.has(g.id)
              const isDefault = linked.get(g.id) === true
              return (
                <li key={g.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm" aria-label={`Group ${g.name}`}>
                  <span className="min-w-0 flex-1">
                    <span className="font-medium">{g.name}</span>
                    <span className="block text-xs text-muted-foreground">
                      {g.phases.length} phases{g.isSystemTemplate ? ' · System' : ''}
                    </span>
                  </span>
                  {isDefault ? (
                    <Badge>
                      <Star className="size-3 fill-current" aria-hidden="true" /> Default
                    </Badge>
                  ) : isLinked ? (
                    <Button size="sm" variant="ghost" disabled={busy} onClick={() => link.mutate({ groupId: g.id, isDefault: true })}>
                      Make Default
                    </Button>
                  ) : null}
                  {isLinked ? (
                    <Button size="sm" variant="outline" disabled={busy} onClick={() => unlink.mutate(g.id)}>
                      Unlink
                    </Button>
                  ) : (
                    <Button size="sm" disabled={busy} onClick={() => link.mutate({ groupId: g.id })}>
                      Link
                    </Button>
                  )}
                </li>
              )
            })}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  )
}
