import { componentTests } from '../component-tests'

export default componentTests('meetings')
