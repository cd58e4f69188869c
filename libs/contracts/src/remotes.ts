/**
 * The shell's remotes, declared once: each is a front end in frontends/<name> and a federation
 * container plumbline_<name>. The shell, the build, the stack script, the gateway's default
 * /remotes.json and the deploy tests all read this list.
 */
export const REMOTE_NAMES = ['estimates', 'share', 'meetings', 'settings', 'admin'] as const
export type RemoteName = (typeof REMOTE_NAMES)[number]

/** Where each remote's dev server (`rsbuild dev`) listens, and so the gateway's default manifest URLs. */
export const REMOTE_DEV_PORTS: Record<RemoteName, number> = { estimates: 3101, share: 3102, meetings: 3103, settings: 3104, admin: 3105 }

/** The federation container name of a remote. */
export const containerName = (name: RemoteName) => `plumbline_${name}`
