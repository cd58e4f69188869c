/**
 * Build settings shared by the shell (host) and the five remotes.
 * react, react-dom, react-router, react-query and the two workspace libraries (@plumbline/web
 * holds the query client, auth and theme contexts) are federation singletons so every remote
 * sees the shell's session.
 */
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin'
import type { RsbuildConfig } from '@rsbuild/core'
import { pluginReact } from '@rsbuild/plugin-react'
import { pluginPrecompress } from './precompress'

export const sharedDeps = {
  react: { singleton: true, requiredVersion: '^19.1.1' },
  'react/jsx-runtime': { singleton: true, requiredVersion: '^19.1.1' },
  'react-dom': { singleton: true, requiredVersion: '^19.1.1' },
  'react-dom/client': { singleton: true, requiredVersion: '^19.1.1' },
  'react-router': { singleton: true, requiredVersion: '^7.9.1' },
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.87.0' },
  '@plumbline/web': { singleton: true, requiredVersion: false, version: '0.0.0' },
  '@plumbline/ui': { singleton: true, requiredVersion: false, version: '0.0.0' },
} as const

export const REMOTE_NAMES = ['estimates', 'share', 'meetings', 'settings', 'admin'] as const
export type RemoteName = (typeof REMOTE_NAMES)[number]
export const REMOTE_PORTS: Record<RemoteName, number> = { estimates: 3101, share: 3102, meetings: 3103, settings: 3104, admin: 3105 }

const common: RsbuildConfig = {
  output: { sourceMap: false, cleanDistPath: true },
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
}

/** `exposes` adds modules beside './App' (e.g. a dialog another screen opens in place). */
export function remoteConfig(name: RemoteName, title: string, exposes: Record<string, string> = {}): RsbuildConfig {
  return {
    ...common,
    plugins: [
      pluginReact(),
      pluginPrecompress(),
      pluginModuleFederation({
        name: `plumbline_${name}`,
        filename: 'remoteEntry.js',
        exposes: { './App': './src/app.tsx', ...exposes },
        shared: sharedDeps,
        shareStrategy: 'loaded-first',
        dts: false,
      }),
    ],
    html: { title },
    output: { ...common.output, assetPrefix: 'auto' },
    server: {
      port: REMOTE_PORTS[name],
      // Dev server only: the shell origin may load this remote's assets.
      cors: { origin: (process.env.SHELL_ORIGIN ?? 'http://localhost:3000,http://localhost:3010').split(',') },
      historyApiFallback: true,
    },
  }
}

export function hostConfig(): RsbuildConfig {
  return {
    ...common,
    plugins: [
      pluginReact(),
      pluginPrecompress(),
      pluginModuleFederation({
        name: 'plumbline_shell',
        remotes: {},
        shared: sharedDeps,
        shareStrategy: 'loaded-first',
        dts: false,
      }),
    ],
    html: { title: 'Plumbline' },
    output: { ...common.output, assetPrefix: '/' },
    server: {
      port: Number(process.env.SHELL_DEV_PORT ?? 3000),
      historyApiFallback: true,
      // In development, point PLUMBLINE_GATEWAY at the gateway (e.g. http://localhost:3000 with SHELL_DEV_PORT=3010).
      ...(process.env.PLUMBLINE_GATEWAY
        ? { proxy: { '/api': process.env.PLUMBLINE_GATEWAY, '/remotes.json': process.env.PLUMBLINE_GATEWAY, '/__dev': process.env.PLUMBLINE_GATEWAY } }
        : {}),
    },
  }
}
