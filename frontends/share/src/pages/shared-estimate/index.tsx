export { SharedEstimatePage } from './shared-estimate-page'
export { SharedEstimatePage as default } from './shared-estimate-page'
