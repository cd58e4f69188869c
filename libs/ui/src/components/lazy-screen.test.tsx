import { cleanup, render, screen } from '@testing-library/react'
import * as React from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lazyScreen } from './lazy-screen'

afterEach(cleanup)

class Boundary extends React.Component<{ children: React.ReactNode }, { error: unknown }> {
  state = { error: null as unknown }
  static getDerivedStateFromError(error: unknown) {
    return { error }
  }
  render() {
    return this.state.error ? <p>failed: {String((this.state.error as Error).message)}</p> : this.props.children
  }
}

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>
}

describe('lazyScreen', () => {
  it('shows the fallback, then the screen with its props; loads its code once', async () => {
    const load = vi.fn(async () => ({ default: Greeting }))
    const Screen = lazyScreen(load, <p>Loading</p>)
    render(<Screen name="Ada" />)
    expect(screen.getByText('Loading')).toBeTruthy()
    expect(await screen.findByText('Hello Ada')).toBeTruthy()
    cleanup()
    render(<Screen name="Bo" />)
    expect(screen.getByText('Hello Bo')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('throws a failed load to the error boundary, and tries again the next time it is shown', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk gone')).mockResolvedValue({ default: Greeting })
    const Screen = lazyScreen<{ name: string }>(load, <p>Loading</p>)
    render(
      <Boundary>
        <Screen name="Ada" />
      </Boundary>,
    )
    expect(await screen.findByText('failed: chunk gone')).toBeTruthy()
    cleanup()
    render(<Screen name="Ada" />)
    expect(await screen.findByText('Hello Ada')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(2)
  })
})
