// The route module the estimates remote lazy-loads for /estimates/:id and /estimates/:id/edit.
import { EstimateDetailPage } from './estimate-detail-page'

export { EstimateDetailPage }
export default EstimateDetailPage
