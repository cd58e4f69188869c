import { afterEach, beforeEach, vi } from 'vitest'

/** Stands in for the browser's fetch in this file's tests (and clears the CSRF cookie they set); returns the mock. */
export function stubFetch() {
  const fetchMock = vi.fn()
  beforeEach(() => {
    fetchMock.mockReset()
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    document.cookie = 'plumbline_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
  })
  return fetchMock
}
