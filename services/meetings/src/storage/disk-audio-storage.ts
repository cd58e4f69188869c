import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { AudioStorage } from './audio-storage.js'

const SAFE_KEY = /^[A-Za-z0-9_-]+$/

/**
 * Recordings as files in one directory. A write lands in `<key>.part` and is renamed after the
 * last byte is flushed, so a crash mid-upload never leaves a half file under a real key.
 */
export function createDiskAudioStorage(dir: string): AudioStorage {
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe audio storage key: ${key}`)
    return join(dir, key)
  }
  const exists = (path: string) =>
    stat(path).then(
      (s) => s.isFile(),
      () => false,
    )

  return {
    async put(key, source) {
      await mkdir(dir, { recursive: true })
      const final = pathOf(key)
      const partial = `${final}.part`
      const hash = createHash('sha256')
      let sizeBytes = 0
      const measure = new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk)
          sizeBytes += chunk.length
          done(null, chunk)
        },
      })
      try {
        await pipeline(source, measure, createWriteStream(partial, { flush: true }))
        await rename(partial, final)
      } catch (err) {
        await rm(partial, { force: true })
        throw err
      }
      return { sizeBytes, sha256: hash.digest('hex') }
    },
    async read(key, range) {
      const path = pathOf(key)
      if (!(await exists(path))) return null
      return createReadStream(path, range ? { start: range.start, end: range.end } : {})
    },
    async localFile(key) {
      const path = pathOf(key)
      return (await exists(path)) ? { path, release: async () => {} } : null
    },
    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}
