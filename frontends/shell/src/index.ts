// First, before anything loads zod (the forms' validation, the remotes).
import './zod-jitless'
// No async boundary: every shared module the shell's own screens import is eager in the shell
// (EAGER_IN_SHELL in rsbuild.shared.ts), so the federation runtime has them before React starts.
import './bootstrap'
