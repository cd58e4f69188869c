// Route-free: the list opens it to create; the detail screen imports it to edit.
export { EstimateDialog, type EstimateDialogProps } from './estimate-dialog'
export type { EstimateForEdit } from './form-schema'
