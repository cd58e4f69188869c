import { defineConfig } from '@rsbuild/core'
import { remoteConfig } from '../rsbuild.shared'

export default defineConfig(remoteConfig('meetings', 'Plumbline Meetings'))
