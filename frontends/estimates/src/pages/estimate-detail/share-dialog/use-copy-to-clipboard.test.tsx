import { Toaster } from '@plumbline/ui'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { COPY_RESET_MS, useCopyToClipboard } from './use-copy-to-clipboard'

function CopyButton() {
  const { copied, copy } = useCopyToClipboard()
  return (
    <button type="button" onClick={() => void copy('https://plumbline.test/share/abc')}>
      {copied ? 'Copied' : 'Copy'}
    </button>
  )
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('useCopyToClipboard', () => {
  it('shows Copied and resets after 2 seconds', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    render(<CopyButton />)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }))
    })
    expect(writeText).toHaveBeenCalledWith('https://plumbline.test/share/abc')
    expect(screen.getByRole('button').textContent).toBe('Copied')
    act(() => vi.advanceTimersByTime(COPY_RESET_MS - 1))
    expect(screen.getByRole('button').textContent).toBe('Copied')
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByRole('button').textContent).toBe('Copy')
    expect(COPY_RESET_MS).toBe(2000)
  })

  it('restarts the 2 seconds on a second copy', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn().mockResolvedValue(undefined) } })
    render(<CopyButton />)
    await act(async () => fireEvent.click(screen.getByRole('button')))
    act(() => vi.advanceTimersByTime(1500))
    await act(async () => fireEvent.click(screen.getByRole('button')))
    act(() => vi.advanceTimersByTime(1500))
    expect(screen.getByRole('button').textContent).toBe('Copied')
    act(() => vi.advanceTimersByTime(500))
    expect(screen.getByRole('button').textContent).toBe('Copy')
  })

  it('shows the copy-failure toast when the clipboard refuses', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } })
    render(
      <>
        <CopyButton />
        <Toaster />
      </>,
    )
    await act(async () => fireEvent.click(screen.getByRole('button')))
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy()
    expect(screen.getByText('Copy failed')).toBeTruthy()
    expect(screen.getByText('Failed to copy link to clipboard. Please copy manually.')).toBeTruthy()
  })
})
