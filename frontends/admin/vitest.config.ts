import { componentTests } from '../../vitest.components'

export default componentTests('admin')
