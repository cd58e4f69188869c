/**
 * PostCSS plugin for remotes: wraps Tailwind's `@layer utilities` in `@scope (<root>)`.
 *
 * Every remote ships its own Tailwind build. Unscoped, a remote's `.hidden` lands after the
 * shell's `md:block` and hides the shell's sidebar. Scoped to the remote's root element, the
 * remote's utilities only style its own subtree (where, by scope proximity, they consistently
 * win over the shell's copy), and the shell keeps its own ordering everywhere else.
 */
export function scopeUtilities(rootSelector) {
  return {
    postcssPlugin: 'plumbline-scope-utilities',
    OnceExit(root, { AtRule }) {
      const layers = []
      root.walkAtRules('layer', (at) => {
        if (at.params.trim() === 'utilities' && at.nodes && at.nodes.length > 0) layers.push(at)
      })
      for (const at of layers) {
        const scope = new AtRule({ name: 'scope', params: `(${rootSelector})` })
        scope.append(at.nodes.slice())
        at.removeAll()
        at.append(scope)
      }
    },
  }
}
scopeUtilities.postcss = true

export const remoteRootSelector = (name) => `[data-plumbline-remote="${name}"]`
