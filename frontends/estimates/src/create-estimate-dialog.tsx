import { EstimateDialog } from './pages/estimate-dialog'

export type CreateEstimateDialogProps = { open: boolean; onOpenChange: (open: boolean) => void }

/**
 * Exposed as ./CreateEstimateDialog: the shell's dashboard opens the create dialog over itself
 * (spec 000 §5) instead of navigating to the list. It runs in the shell's tree (router, query
 * client, session and toasts are federation singletons); a created estimate opens its detail page.
 */
export default function CreateEstimateDialog({ open, onOpenChange }: CreateEstimateDialogProps) {
  return <EstimateDialog open={open} onOpenChange={onOpenChange} />
}
