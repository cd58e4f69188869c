import { configure } from '@testing-library/react'

// Component tests run beside the whole suite on two cores, where a screen's lazy chunk or a
// form's schema (contracts, zod) can take over a second to load. findBy*/waitFor wait up to 10 s
// instead of 1 s: a later answer is still the behaviour under test, a missing one still fails.
configure({ asyncUtilTimeout: 10_000 })
