/**
 * Spread on portalled content (dialogs, menus, popovers, tooltips). They render under <body>,
 * outside this remote's root, where its scoped Tailwind utilities would not reach; marking the
 * portal root as a scope root lets them apply even before the shell's build has seen our classes.
 */
export const portalScope = { 'data-plumbline-remote': 'estimates' } as const
