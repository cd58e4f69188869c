import { componentTests } from '../../vitest.components'

export default componentTests('meetings')
