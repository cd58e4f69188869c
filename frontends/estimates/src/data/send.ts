import { apiRequest } from '@plumbline/web'

/** A write through the shared client (cookies + CSRF header); parses JSON when the server sent any. */
export async function send<T = unknown>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body)
  if (res.status === 204) return undefined as T
  const text = await res.text()
  return (text ? JSON.parse(text) : undefined) as T
}
