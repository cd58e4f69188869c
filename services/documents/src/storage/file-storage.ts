/**
 * Where file bytes live, keyed by the file id of the `files` table (which holds the facts:
 * organisation, kind, name, type, size, sha256). Swappable: the embedded default keeps bytes in
 * this service's own PostgreSQL schema; an object store can implement the same three calls.
 */
export type FileStorage = {
  put(fileId: string, bytes: Buffer): Promise<void>
  /** null when nothing is stored under the id. */
  get(fileId: string): Promise<Buffer | null>
  delete(fileIds: string[]): Promise<void>
}
