import { defineConfig } from '@rsbuild/core'
import { remoteConfig } from '../rsbuild.shared'

// ./CreateEstimateDialog: the dashboard (shell) opens the create dialog over itself.
export default defineConfig(remoteConfig('estimates', 'Plumbline Estimates', { './CreateEstimateDialog': './src/create-estimate-dialog.tsx' }))
