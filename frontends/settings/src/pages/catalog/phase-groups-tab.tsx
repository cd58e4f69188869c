import { type PhaseGroup, type PhaseGroupInput, type SettingsPhase, ZPhaseGroupInput } from '@plumbline/contracts'
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, EmptyState } from '@plumbline/ui'
import { useQuery } from '@tanstack/react-query'
import { Layers, Pencil, Plus, Trash2 } from 'lucide-react'
import * as React from 'react'
import { AllocationStatus } from './allocation-status'
import { catalogApi, phaseGroupsKey } from './catalog-api'
import { CatalogError, CatalogSkeleton } from './catalog-states'
import { ConfirmDialog } from './confirm-dialog'
import { NameForm } from './name-form'
import { PhaseForm } from './phase-form'
import { useCatalogAction } from './use-catalog-action'

/** Settings → Phase Groups (spec 001 §2, §3, §5): system groups read-only, the organisation's own editable. */
export function PhaseGroupsTab({ orgId }: { orgId: string }) {
  const groups = useQuery<PhaseGroup[]>({ queryKey: phaseGroupsKey(orgId) })
  const create = useCatalogAction(
    orgId,
    (input: PhaseGroupInput) => catalogApi.createGroup(orgId, input),
    'Failed to create phase group',
    (g) => `Phase group "${g.name}" created.`,
  )

  if (groups.isError && !groups.data) return <CatalogError what="phase groups" error={groups.error} onRetry={() => void groups.refetch()} />
  if (!groups.data) return <CatalogSkeleton />
  const own = groups.data.filter((g) => !g.isSystemTemplate)
  const system = groups.data.filter((g) => g.isSystemTemplate)
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>New Phase Group</CardTitle>
          <CardDescription>
            A phase group is a set of phases with default shares of the budget. Link it to a project type to use it for new estimates.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <NameForm
            schema={ZPhaseGroupInput}
            idPrefix="new-group"
            nameLabel="Phase Group Name"
            submitLabel="Create Phase Group"
            busy={create.isPending}
            onSubmit={(v) => create.mutateAsync(v)}
          />
        </CardContent>
      </Card>
      <section aria-label="Your phase groups" className="space-y-4">
        <h2 className="text-lg font-semibold">Your Phase Groups</h2>
        {own.length === 0 ? (
          <Card>
            <EmptyState icon={<Layers />} title="No phase groups yet" description="Create one above, then add its phases." className="py-8" />
          </Card>
        ) : (
          own.map((g) => <PhaseGroupCard key={g.id} orgId={orgId} group={g} />)
        )}
      </section>
      <section aria-label="System phase groups" className="space-y-4">
        <h2 className="text-lg font-semibold">System Phase Groups</h2>
        {system.map((g) => (
          <PhaseGroupCard key={g.id} orgId={orgId} group={g} />
        ))}
      </section>
    </div>
  )
}

function PhaseGroupCard({ orgId, group }: { orgId: string; group: PhaseGroup }) {
  const [editing, setEditing] = React.useState(false)
  const [confirming, setConfirming] = React.useState(false)
  const editable = !group.isSystemTemplate
  const update = useCatalogAction(orgId, (input: PhaseGroupInput) => catalogApi.updateGroup(orgId, group.id, input), 'Failed to update phase group')
  const remove = useCatalogAction(
    orgId,
    () => catalogApi.deleteGroup(orgId, group.id),
    'Failed to delete phase group',
    () => `Phase group "${group.name}" deleted.`,
  )
  const addPhase = useCatalogAction(
    orgId,
    (input: Parameters<typeof catalogApi.createPhase>[2]) => catalogApi.createPhase(orgId, group.id, input),
    'Failed to create phase',
  )

  return (
    <Card role="region" aria-label={`Phase group ${group.name}`}>
      <CardHeader className="gap-3">
        {editing ? (
          <NameForm
            schema={ZPhaseGroupInput}
            initial={{ name: group.name, description: group.description ?? '' }}
            idPrefix={`group-${group.id}`}
            nameLabel="Phase Group Name"
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
                {group.name}
                {group.isSystemTemplate ? <Badge variant="secondary">System</Badge> : null}
              </CardTitle>
              {group.description ? <CardDescription>{group.description}</CardDescription> : null}
              {group.projectTypes.length ? <p className="text-xs text-muted-foreground">Used by {group.projectTypes.map((t) => t.name).join(', ')}</p> : null}
            </div>
            {editable ? (
              <div className="flex gap-2">
                <Button variant="outline" size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${group.name}`}>
                  <Pencil /> Edit
                </Button>
                <Button variant="outline" size="sm" onClick={() => setConfirming(true)} aria-label={`Delete ${group.name}`}>
                  <Trash2 /> Delete
                </Button>
              </div>
            ) : null}
          </div>
        )}
        {group.phases.length ? <AllocationStatus percentages={group.phases.map((p) => Number(p.percentage))} /> : null}
      </CardHeader>
      <CardContent className="space-y-3">
        {group.phases.length === 0 ? <p className="text-sm text-muted-foreground">No phases yet.</p> : null}
        <ul className="divide-y rounded-lg border">
          {group.phases.map((p) => (
            <PhaseRow key={p.id} orgId={orgId} phase={p} editable={editable} />
          ))}
        </ul>
        {editable ? (
          <div className="space-y-2">
            <h3 className="flex items-center gap-1.5 text-sm font-medium">
              <Plus className="size-4" aria-hidden="true" /> Add Phase
            </h3>
            <PhaseForm idPrefix={`add-${group.id}`} submitLabel="Add Phase" busy={addPhase.isPending} onSubmit={(v) => addPhase.mutateAsync(v)} />
          </div>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete "${group.name}"?`}
        confirmLabel="Delete Phase Group"
        busy={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      >
        <p>The group and its {group.phases.length} phases will be deleted. Existing estimates keep their phases.</p>
        {group.projectTypes.length ? (
          <p>
            It is linked to {group.projectTypes.map((t) => t.name).join(', ')}; deleting it unlinks it from{' '}
            {group.projectTypes.length === 1 ? 'that project type' : 'those project types'}.
          </p>
        ) : null}
      </ConfirmDialog>
    </Card>
  )
}

function PhaseRow({ orgId, phase, editable }: { orgId: string; phase: SettingsPhase; editable: boolean }) {
  const [editing, setEditing] = React.useState(false)
  const update = useCatalogAction(
    orgId,
    (input: Parameters<typeof catalogApi.updatePhase>[2]) => catalogApi.updatePhase(orgId, phase.id, input),
    'Failed to update phase',
  )
  const remove = useCatalogAction(orgId, () => catalogApi.deletePhase(orgId, phase.id), 'Failed to delete phase')
  if (editing) {
    return (
      <li className="p-2">
        <PhaseForm
          phase={phase}
          idPrefix={`phase-${phase.id}`}
          submitLabel="Save"
          busy={update.isPending}
          onSubmit={async (v) => {
            await update.mutateAsync(v)
            setEditing(false)
          }}
          onCancel={() => setEditing(false)}
        />
      </li>
    )
  }
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm" aria-label={`Phase ${phase.name}`}>
      <span className="min-w-0 flex-1">
        <span className="font-medium">{phase.name}</span>
        {phase.description ? <span className="block text-xs text-muted-foreground">{phase.description}</span> : null}
        {phase.costCode ? <span className="block text-xs text-muted-foreground">Cost codes: {phase.costCode}</span> : null}
      </span>
      <span className="w-16 text-right font-medium tabular-nums">{Number(phase.percentage).toFixed(2)}%</span>
      {editable ? (
        <span className="flex gap-1">
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={`Edit phase ${phase.name}`}>
            <Pencil />
          </Button>
          <Button variant="ghost" size="sm" onClick={() => remove.mutate(undefined)} disabled={remove.isPending} aria-label={`Delete phase ${phase.name}`}>
            <Trash2 />
          </Button>
        </span>
      ) : null}
    </li>
  )
}
