/**
 * Build settings shared by the shell (host) and the five remotes.
 * react, react-dom, react-router, react-query and the two workspace libraries (@plumbline/web
 * holds the query client, auth and theme contexts) are federation singletons so every remote
 * sees the shell's session.
 */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin'
import { containerName, REMOTE_DEV_PORTS, type RemoteName } from '@plumbline/contracts/remotes'
import type { RsbuildConfig, RsbuildConfigSyncFn } from '@rsbuild/core'
import { pluginReact } from '@rsbuild/plugin-react'
import { pluginPrecompress } from './precompress'

const require = createRequire(import.meta.url)
const reactRouterDir = dirname(require.resolve('react-router/package.json'))
const reactRouterVersion = (require('react-router/package.json') as { version: string }).version

export const sharedDeps = {
  react: { singleton: true, requiredVersion: '^19.1.1' },
  'react/jsx-runtime': { singleton: true, requiredVersion: '^19.1.1' },
  'react-dom': { singleton: true, requiredVersion: '^19.1.1' },
  'react-dom/client': { singleton: true, requiredVersion: '^19.1.1' },
  // Aliased to the subset the apps use (react-router-used.ts), which has no package.json of its
  // own: give the package's version, or each app would see an unversioned copy and keep its own.
  'react-router': { singleton: true, requiredVersion: '^7.9.1', version: reactRouterVersion },
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.87.0' },
  '@plumbline/web': { singleton: true, requiredVersion: false, version: '0.0.0' },
  '@plumbline/ui': { singleton: true, requiredVersion: false, version: '0.0.0' },
  // The light part of the kit on its own (see libs/ui/src/light.ts): the landing and sign-in screens.
  '@plumbline/ui/light': { singleton: true, requiredVersion: false, version: '0.0.0' },
  '@plumbline/ui/toaster': { singleton: true, requiredVersion: false, version: '0.0.0' },
} as const

/**
 * What every screen of the shell needs, the signed-out ones included: React, the router, the
 * query client and the light kit. The shell bundles them eagerly into its entry, so the landing
 * and sign-in screens load them in one file instead of a dozen small ones (each paying its own
 * headers and round trip); remotes still take them from the shell. The full kit, the toaster
 * and everything the signed-in area needs stay lazy (loaded with the first screen that uses them).
 */
const EAGER_IN_SHELL = new Set<string>([
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  '@tanstack/react-query',
  '@plumbline/web',
  '@plumbline/ui/light',
])
const hostShared = Object.fromEntries(
  Object.entries(sharedDeps).map(([name, config]) => [name, EAGER_IN_SHELL.has(name) ? { ...config, eager: true } : config]),
)

const common: RsbuildConfig = {
  output: { sourceMap: false, cleanDistPath: true },
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
  resolve: {
    alias: {
      // The shared react-router is the subset the apps use (see react-router-used.ts), taken
      // from the package's production build (no development warnings).
      'react-router$': join(import.meta.dirname, 'react-router-used.ts'),
      'react-router-production-build$': join(reactRouterDir, 'dist', 'production', 'index.mjs'),
    },
  },
}

/**
 * `exposes` adds modules beside './App' (e.g. a dialog another screen opens in place).
 *
 * A built remote uses the shell's Module Federation runtime (the shell provides it, see
 * hostConfig) instead of carrying its own: one runtime fewer in every remoteEntry.js on a cold
 * load's path (docs/adr/0012). Built remotes are only ever loaded by the shell; the dev server's own page of a
 * remote (`rsbuild dev`, for working on it alone) has no shell around it, so it keeps its runtime.
 */
export function remoteConfig(name: RemoteName, title: string, exposes: Record<string, string> = {}): RsbuildConfigSyncFn {
  return ({ command }) => ({
    ...common,
    plugins: [
      pluginReact(),
      pluginPrecompress(),
      pluginModuleFederation({
        name: containerName(name),
        filename: 'remoteEntry.js',
        exposes: { './App': './src/app.tsx', ...exposes },
        shared: sharedDeps,
        shareStrategy: 'loaded-first',
        dts: false,
        experiments: { externalRuntime: command === 'build' },
      }),
    ],
    html: { title },
    output: { ...common.output, assetPrefix: 'auto' },
    server: {
      port: REMOTE_DEV_PORTS[name],
      // Dev server only: the shell origin may load this remote's assets.
      cors: { origin: (process.env.SHELL_ORIGIN ?? 'http://localhost:3000,http://localhost:3010').split(',') },
      historyApiFallback: true,
    },
  })
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
        shared: hostShared,
        shareStrategy: 'loaded-first',
        dts: false,
        // The runtime every built remote uses (see remoteConfig).
        experiments: { provideExternalRuntime: true },
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
