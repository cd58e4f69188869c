export { SharedEstimatePage, SharedEstimatePage as default } from './shared-estimate-page'
