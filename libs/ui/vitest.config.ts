import { componentTests } from '../../frontends/component-tests'

export default componentTests('ui')
