import tailwindcss from '@tailwindcss/postcss'
import { remoteRootSelector, scopeUtilities } from '../postcss-scope-utilities.mjs'

export default { plugins: [tailwindcss(), scopeUtilities(remoteRootSelector('meetings'))] }
