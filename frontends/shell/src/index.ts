import { config } from 'zod'

// zod probes `new Function` to decide whether to compile its parsers; the Content-Security-Policy
// forbids eval, so the probe would only produce a violation report. The setting lives on
// globalThis, so it covers every remote's copy of zod as well.
config({ jitless: true })

// Async boundary: lets the federation runtime negotiate shared singletons before React loads.
import('./bootstrap')
