import { defineConfig } from '@rsbuild/core'
import { hostConfig } from '../rsbuild.shared'

export default defineConfig(hostConfig())
