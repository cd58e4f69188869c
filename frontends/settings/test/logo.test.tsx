import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import SettingsPage from '../src/pages/settings'
import { json, mockApi, renderWithProviders, SETTINGS_PATH, settingsApi, settingsOf } from './helpers/render'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  document.cookie = 'plumbline_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
})

const LOGO_PATH = `${SETTINGS_PATH}/logo`
const profile = () => screen.getByRole('region', { name: 'Company Profile' })

function pick(file: File) {
  const input = screen.getByLabelText('Logo file') as HTMLInputElement
  Object.defineProperty(input, 'files', { value: [file], configurable: true })
  fireEvent.change(input)
}
const png = (name = 'logo.png', size?: number) => {
  const f = new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' })
  if (size !== undefined) Object.defineProperty(f, 'size', { value: size })
  return f
}

async function openUploadTab() {
  const tab = await screen.findByRole('tab', { name: 'Upload' })
  // Radix tabs switch on mousedown (pointer) or focus+keyboard; mousedown is enough here.
  fireEvent.mouseDown(tab, { button: 0, ctrlKey: false })
  return screen.findByLabelText('Logo file')
}

describe('Company logo', () => {
  it('opens on the URL tab without an uploaded logo and on Upload with one', async () => {
    mockApi(settingsApi(settingsOf({ logoUrl: null })))
    const first = renderWithProviders(<SettingsPage />)
    expect((await screen.findByRole('tab', { name: 'URL' })).getAttribute('aria-selected')).toBe('true')
    expect(within(profile()).getByTestId('logo-placeholder')).toBeTruthy()
    first.unmount()
    vi.unstubAllGlobals()
    mockApi(settingsApi(settingsOf({ logoFileData: true, logoFileName: 'acme.png', logoFileSize: 2048 })))
    renderWithProviders(<SettingsPage />)
    expect((await screen.findByRole('tab', { name: 'Upload' })).getAttribute('aria-selected')).toBe('true')
    const img = within(screen.getByTestId('current-logo')).getByRole('img', { name: 'Company logo', hidden: true }) as HTMLImageElement
    expect(img.getAttribute('src')).toBe(`${LOGO_PATH}/view?v=acme.png-2048-0`)
    expect(screen.getByText('acme.png · 2.0 KB')).toBeTruthy()
  })

  it('refuses a file that is not PNG or JPEG, and one over 10 MB, before sending anything', async () => {
    const { calls } = mockApi(settingsApi())
    renderWithProviders(<SettingsPage />)
    await openUploadTab()
    pick(new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }))
    expect(await screen.findByText('Invalid file type')).toBeTruthy()
    expect(screen.getByText('Please select a PNG or JPEG image')).toBeTruthy()
    pick(png('huge.png', 10 * 1024 * 1024 + 1))
    expect(await screen.findByText('File too large')).toBeTruthy()
    expect(screen.getByText('Please select a file smaller than 10MB')).toBeTruthy()
    expect(screen.queryByTestId('logo-file-preview')).toBeNull()
    expect(calls.some((c) => c.url.pathname.startsWith(LOGO_PATH))).toBe(false)
  })

  it('previews a chosen file with Upload and Clear; Clear forgets it', async () => {
    mockApi(settingsApi())
    renderWithProviders(<SettingsPage />)
    await openUploadTab()
    pick(png())
    const preview = await screen.findByTestId('logo-file-preview')
    expect(within(preview).getByRole('img', { name: 'Selected logo preview' })).toBeTruthy()
    expect(within(preview).getByText('logo.png')).toBeTruthy()
    fireEvent.click(within(preview).getByRole('button', { name: /Clear/ }))
    expect(screen.queryByTestId('logo-file-preview')).toBeNull()
  })

  it('uploads as multipart field logo with the CSRF header, then shows the stored logo', async () => {
    document.cookie = 'plumbline_csrf=csrf-123; path=/'
    let stored = settingsOf()
    const { calls } = mockApi((url, init) => {
      if (url.pathname === LOGO_PATH && init.method === 'POST') {
        stored = { ...stored, logoFileData: true, logoFileName: 'logo.png', logoMimeType: 'image/png', logoFileSize: 4, logoUrl: null }
        return json({ logoFileName: 'logo.png', logoMimeType: 'image/png', logoFileSize: 4 }, 201)
      }
      if (url.pathname === SETTINGS_PATH && init.method === 'GET') return json(stored)
      return undefined
    })
    renderWithProviders(<SettingsPage />)
    await openUploadTab()
    pick(png())
    fireEvent.click(within(await screen.findByTestId('logo-file-preview')).getByRole('button', { name: /Upload/ }))
    expect(await screen.findByText('Logo uploaded')).toBeTruthy()
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === LOGO_PATH)!
    expect(post.headers['x-csrf-token']).toBe('csrf-123')
    const sent = (post.body as FormData).get('logo') as File
    expect(sent.name).toBe('logo.png')
    expect(sent.type).toBe('image/png')
    expect(await screen.findByText('logo.png · 4 B')).toBeTruthy()
    const img = within(screen.getByTestId('current-logo')).getByRole('img', { hidden: true }) as HTMLImageElement
    expect(img.getAttribute('src')).toBe(`${LOGO_PATH}/view?v=logo.png-4-1`)
    expect(screen.queryByTestId('logo-file-preview')).toBeNull()
  })

  it("shows the server's reason for a refused upload, else 'Failed to upload logo'", async () => {
    let answer = () => new Response(JSON.stringify({ status: 400, code: 'INVALID_LOGO', message: 'The file is not a PNG or JPEG image' }), { status: 400 })
    mockApi((url, init) => (url.pathname === LOGO_PATH && init.method === 'POST' ? answer() : undefined), settingsApi())
    renderWithProviders(<SettingsPage />)
    await openUploadTab()
    pick(png())
    const upload = within(await screen.findByTestId('logo-file-preview')).getByRole('button', { name: /Upload/ })
    fireEvent.click(upload)
    expect(await screen.findByText('The file is not a PNG or JPEG image')).toBeTruthy()
    answer = () => {
      throw new TypeError('Failed to fetch')
    }
    fireEvent.click(upload)
    const failed = await screen.findByText('Failed to upload logo')
    // Spec 001 §8: failures are toasts titled "Error".
    expect(within(failed.closest('li')!).getByText('Error', { exact: true })).toBeTruthy()
  })

  it('saves a logo URL on its own and shows the server reason under the box', async () => {
    let answer = () =>
      new Response(
        JSON.stringify({
          status: 400,
          message: 'logoUrl: The address did not answer with an image',
          errors: [{ field: 'logoUrl', message: 'The address did not answer with an image' }],
        }),
        { status: 400 },
      )
    const { calls } = mockApi((url, init) => (url.pathname === SETTINGS_PATH && init.method === 'PUT' ? answer() : undefined), settingsApi())
    renderWithProviders(<SettingsPage />)
    const box = await screen.findByLabelText('Logo URL')
    const use = screen.getByRole('button', { name: /Use this URL/ }) as HTMLButtonElement
    fireEvent.change(box, { target: { value: '   ' } })
    expect(use.disabled).toBe(true)
    fireEvent.change(box, { target: { value: '  https://cdn.example.com/logo.png ' } })
    fireEvent.click(use)
    expect(await screen.findByText('The address did not answer with an image')).toBeTruthy()
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ logoUrl: 'https://cdn.example.com/logo.png' })
    answer = () => json(settingsOf({ logoUrl: 'https://cdn.example.com/logo.png' }))
    fireEvent.click(use)
    expect(await screen.findByText('Logo updated')).toBeTruthy()
    // The test page cannot reach the address, so the logo itself falls back to the placeholder.
    expect(screen.getByText('From a web address')).toBeTruthy()
    expect(screen.queryByText('The address did not answer with an image')).toBeNull()
  })

  it('removes an uploaded logo through DELETE', async () => {
    let stored = settingsOf({ logoFileData: true, logoFileName: 'acme.png', logoFileSize: 10 })
    const { calls } = mockApi((url, init) => {
      if (url.pathname === LOGO_PATH && init.method === 'DELETE') {
        stored = settingsOf()
        return new Response(null, { status: 204 })
      }
      if (url.pathname === SETTINGS_PATH) return json(stored)
      return undefined
    })
    renderWithProviders(<SettingsPage />)
    fireEvent.click(await screen.findByRole('button', { name: /Remove logo/ }))
    expect(await screen.findByText('Logo removed')).toBeTruthy()
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === LOGO_PATH)).toBe(true)
    expect(await within(profile()).findByTestId('logo-placeholder')).toBeTruthy()
  })
})
