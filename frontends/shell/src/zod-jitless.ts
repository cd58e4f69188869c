/**
 * zod probes `new Function` to decide whether to compile its parsers; the Content-Security-Policy
 * forbids eval, so the probe would only produce a violation report. zod keeps its settings in one
 * object on globalThis (`config()` reads and writes it, and every copy of zod, each remote's
 * included, shares it), so setting `jitless` there first covers them all without the entry
 * loading zod itself: the signed-out screens do not otherwise need it. Imported first by the entry.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } }

scope.__zod_globalConfig ??= {}
scope.__zod_globalConfig.jitless = true

/** The object zod's `config()` answers once it loads. */
export const zodGlobalConfig = scope.__zod_globalConfig
