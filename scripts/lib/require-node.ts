// Stops `npm start`, `npm test` and `npm run bench` on a Node older than the project's. Each of
// those scripts imports this module first, so the check runs before anything else is loaded
// (ES modules evaluate in import order). On Linux x64 and arm64, `npm ci` installs Node 24 into
// node_modules/.bin (the node-linux-* optional dependencies) and npm puts it first on the PATH of
// its scripts; elsewhere (macOS, Windows) Node 24 has to be installed by hand.
export const MINIMUM_NODE_MAJOR = 24

/** Why this Node cannot run the project, or undefined when it can. */
export function nodeVersionProblem(version: string, platform: string, arch: string, execPath: string): string | undefined {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1] ?? 0)
  if (major >= MINIMUM_NODE_MAJOR) return undefined
  const fromRegistry = platform === 'linux' && (arch === 'x64' || arch === 'arm64')
  return [
    `Plumbline needs Node ${MINIMUM_NODE_MAJOR} or newer; this is Node ${version} (${execPath}).`,
    fromRegistry
      ? `On Linux, \`npm ci\` installs Node ${MINIMUM_NODE_MAJOR} into node_modules/.bin and npm runs its scripts with it: run \`npm ci\`, then run the scripts through npm (\`npm start\`, \`npm test\`, \`npx …\`), which puts node_modules/.bin first on PATH.`
      : `npm has no Node ${MINIMUM_NODE_MAJOR} package for ${platform}-${arch}: install Node ${MINIMUM_NODE_MAJOR} LTS (e.g. \`nvm install ${MINIMUM_NODE_MAJOR}\`, \`brew install node@${MINIMUM_NODE_MAJOR}\`, or the Node.js installer), then run \`npm ci\` again.`,
  ].join('\n')
}

const problem = nodeVersionProblem(process.version, process.platform, process.arch, process.execPath)
if (problem) {
  console.error(`\n\x1b[31m${problem}\x1b[0m\n`)
  process.exit(1)
}
