import type { Template } from '@plumbline/contracts'
import { Button, Card, EmptyState, PageBody, PageHeader, placeholderKeys, Skeleton, toast } from '@plumbline/ui'
import { parseApiError, useActiveOrganization, useAuth, useNewEstimateBlockedReason } from '@plumbline/web'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { AlertCircle, LayoutTemplate, Plus, RotateCw } from 'lucide-react'
import * as React from 'react'
import { useNavigate } from 'react-router'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { PickerAuthRequired } from '../../components/picker/picker-states'
import { useDocumentTitle } from '../../components/use-document-title'
import { templatesKey } from '../../data/keys'
import { createTemplate, deleteTemplate, updateTemplate } from '../../data/mutations'
import { useTemplates } from '../../data/queries'
import { TemplateCard } from './template-card'
import { formFromTemplate, type TemplateFormValues, toTemplateWrite } from './template-form'
import { TemplateFormDialog } from './template-form-dialog'
import { TemplatePreviewDialog } from './template-preview-dialog'

type Editor = { mode: 'create'; initial: TemplateFormValues | null } | { mode: 'edit'; template: Template }

function GridSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-busy="true" aria-label="Loading templates">
      {placeholderKeys(3).map((key) => (
        <Card key={key} className="space-y-3 p-5">
          <div className="flex gap-3">
            <Skeleton className="size-10 rounded-lg" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-7 w-full" />
          <Skeleton className="h-7 w-full" />
        </Card>
      ))}
    </div>
  )
}

function GridSection({ title, count, children }: { title: string; count: number; children: React.ReactNode }) {
  const id = `templates-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold tracking-tight">
        {title}
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">{count}</span>
      </h2>
      {children}
    </section>
  )
}

/** /templates: the template manager (spec 001 §2 'Template manager'). */
export default function TemplatesPage() {
  useDocumentTitle('Templates')
  const navigate = useNavigate()
  const qc = useQueryClient()
  const { isLoading: authLoading } = useAuth()
  const org = useActiveOrganization()
  const orgId = org?.id ?? ''
  const templates = useTemplates(org?.id)
  const [editor, setEditor] = React.useState<Editor | null>(null)
  const [preview, setPreview] = React.useState<Template | null>(null)
  const [toDelete, setToDelete] = React.useState<Template | null>(null)

  const refresh = () => qc.invalidateQueries({ queryKey: templatesKey(orgId) })
  const save = useMutation({
    mutationFn: async ({ values, id }: { values: TemplateFormValues; id?: string }) =>
      id ? updateTemplate(orgId, id, toTemplateWrite(values)) : createTemplate(orgId, toTemplateWrite(values)),
    onSuccess: async (t, { id }) => {
      await refresh()
      setEditor(null)
      toast({ variant: 'success', title: id ? 'Template updated' : 'Template created', description: `"${t.name}" was saved.` })
    },
    onError: (err, { id }) => {
      toast({ variant: 'destructive', title: 'Error', description: `Failed to ${id ? 'update' : 'create'} template: ${parseApiError(err).message}` })
    },
  })
  const remove = useMutation({
    mutationFn: (t: Template) => deleteTemplate(orgId, t.id),
    onSuccess: async (_, t) => {
      await refresh()
      setToDelete(null)
      toast({ variant: 'success', title: 'Template deleted', description: `"${t.name}" was deleted.` })
    },
    onError: (err) => {
      setToDelete(null)
      toast({ variant: 'destructive', title: 'Error', description: `Failed to delete template: ${parseApiError(err).message}` })
    },
  })

  const all = templates.data ?? []
  const own = all.filter((t) => !t.isSystemTemplate)
  const system = all.filter((t) => t.isSystemTemplate)
  const openCreate = () => setEditor({ mode: 'create', initial: null })

  let body: React.ReactNode
  if (!authLoading && !org) body = <PickerAuthRequired />
  else if (templates.isError)
    body = (
      <Card role="alert">
        <EmptyState
          icon={<AlertCircle className="text-destructive" />}
          title={`Error loading templates: ${parseApiError(templates.error).message}`}
          action={
            <Button variant="outline" onClick={() => templates.refetch()} disabled={templates.isFetching}>
              <RotateCw /> Retry
            </Button>
          }
        />
      </Card>
    )
  else if (!templates.data) body = <GridSkeleton />
  else
    body = (
      <div className="space-y-10">
        <GridSection title="Your Organization Templates" count={own.length}>
          {own.length === 0 ? (
            <Card className="overflow-hidden">
              <div className="h-1 w-full bg-gradient-to-r from-primary via-primary/60 to-amber" />
              <EmptyState
                icon={<LayoutTemplate />}
                title="No templates yet"
                description="Save the sections and line items you use again and again, then start new estimates from them."
                action={
                  <Button onClick={openCreate}>
                    <Plus /> Create Template
                  </Button>
                }
              />
            </Card>
          ) : (
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {own.map((t) => (
                <TemplateCard
                  key={t.id}
                  template={t}
                  onPreview={() => setPreview(t)}
                  onEdit={() => setEditor({ mode: 'edit', template: t })}
                  onDelete={() => setToDelete(t)}
                />
              ))}
            </div>
          )}
        </GridSection>
        {system.length ? (
          <GridSection title="System Templates" count={system.length}>
            <p className="-mt-1 text-sm text-muted-foreground">Built-in templates. Copy one to make it your own.</p>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {system.map((t) => (
                <TemplateCard
                  key={t.id}
                  template={t}
                  onPreview={() => setPreview(t)}
                  onDuplicate={() => setEditor({ mode: 'create', initial: formFromTemplate(t, { copy: true }) })}
                />
              ))}
            </div>
          </GridSection>
        ) : null}
      </div>
    )

  return (
    <>
      <PageHeader
        title="Templates"
        description="Reusable sections and line items for your estimates"
        onNewEstimate={() => navigate('/cost-estimator?new=1')}
        newEstimateBlockedReason={useNewEstimateBlockedReason()}
      />
      <PageBody className="space-y-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 className="text-xl font-semibold tracking-tight">Estimate Templates</h2>
            <p className="mt-1 text-sm text-muted-foreground">Start estimates faster with your own and built-in templates.</p>
          </div>
          <Button onClick={openCreate} disabled={!org}>
            <Plus /> New Template
          </Button>
        </div>
        {body}
      </PageBody>

      <TemplateFormDialog
        open={!!editor}
        onOpenChange={(o) => (!o ? setEditor(null) : undefined)}
        mode={editor?.mode ?? 'create'}
        initial={editor ? (editor.mode === 'edit' ? formFromTemplate(editor.template) : editor.initial) : null}
        saving={save.isPending}
        onSave={(values) => save.mutate({ values, id: editor?.mode === 'edit' ? editor.template.id : undefined })}
      />
      <TemplatePreviewDialog
        template={preview}
        onOpenChange={(o) => (!o ? setPreview(null) : undefined)}
        onEdit={
          preview && !preview.isSystemTemplate
            ? () => {
                const t = preview
                setPreview(null)
                setEditor({ mode: 'edit', template: t })
              }
            : undefined
        }
      />
      <ConfirmDialog
        open={!!toDelete}
        onOpenChange={(o) => (!o ? setToDelete(null) : undefined)}
        title="Delete template?"
        description={
          toDelete
            ? `"${toDelete.name}" and its ${toDelete.sections.length === 1 ? '1 section' : `${toDelete.sections.length} sections`} will be deleted. Estimates already created from it keep their line items.`
            : ''
        }
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </>
  )
}
