import type { ProjectType } from '@plumbline/contracts'
import { cn, ProjectTypeIcon } from '@plumbline/ui'
import { Check } from 'lucide-react'
import { onRadioGroupKeyDown, PickerAuthRequired, PickerEmpty, PickerError, PickerSkeletons } from '../picker/picker-states'

export type ProjectTypeGridProps = {
  hasOrganization: boolean
  isLoading: boolean
  error: unknown
  projectTypes: ProjectType[] | undefined
  value: string | null | undefined
  onChange: (type: ProjectType) => void
  invalid?: boolean
  describedBy?: string
  className?: string
  label?: string
}

/** The project type picker: a grid of cards with icon, name and description (spec 000 §2). */
export function ProjectTypeGrid({
  hasOrganization,
  isLoading,
  error,
  projectTypes,
  value,
  onChange,
  invalid,
  describedBy,
  className,
  label = 'Project type',
}: ProjectTypeGridProps) {
  if (!hasOrganization) return <PickerAuthRequired />
  if (isLoading) return <PickerSkeletons className={className} />
  if (error) return <PickerError title="Error loading project types" error={error} />
  if (!projectTypes || projectTypes.length === 0) return <PickerEmpty text="No project types available" />
  const selectedIndex = projectTypes.findIndex((t) => t.id === value)
  return (
    <div
      role="radiogroup"
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onKeyDown={onRadioGroupKeyDown}
      className={cn('grid grid-cols-1 gap-3 sm:grid-cols-2', className)}
    >
      {projectTypes.map((t, i) => {
        const selected = t.id === value
        return (
          <button
            key={t.id}
            type="button"
            role="radio"
            aria-checked={selected}
            tabIndex={selected || (selectedIndex === -1 && i === 0) ? 0 : -1}
            onClick={() => onChange(t)}
            className={cn(
              'group relative flex items-start gap-3 rounded-lg border bg-card p-3.5 text-left transition-all outline-none',
              'hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/30',
              selected && 'border-primary bg-primary/[0.04] ring-1 ring-primary dark:bg-primary/10',
              invalid && !selected && 'border-destructive/50',
            )}
          >
            <span
              className={cn(
                'flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground transition-colors',
                selected ? 'bg-primary text-primary-foreground' : 'group-hover:bg-primary/10 group-hover:text-primary',
              )}
            >
              <ProjectTypeIcon icon={t.icon} className="size-5" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-semibold">{t.name}</span>
              {t.description ? <span className="mt-0.5 line-clamp-2 block text-xs text-muted-foreground">{t.description}</span> : null}
            </span>
            {selected ? (
              <span className="absolute right-2.5 top-2.5 flex size-5 items-center justify-center rounded-full bg-primary text-primary-foreground">
                <Check className="size-3.5" />
              </span>
            ) : null}
          </button>
        )
      })}
    </div>
  )
}
