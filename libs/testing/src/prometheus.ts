// Debian's Prometheus tools (promtool, amtool, prometheus) for tests outside scripts/: the one
// installer is scripts/lib/prometheus-tools.ts (npm test calls it first).
export { installPrometheusTools, type PrometheusTool } from '../../../scripts/lib/prometheus-tools.js'
