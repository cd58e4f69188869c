import { cleanup, render, screen } from '@testing-library/react'
import * as React from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LoadedScreen, lazyScreen } from './lazy-screen'

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

function Bye({ name }: { name: string }) {
  return <p>Bye {name}</p>
}

describe('lazyScreen', () => {
  it('shows the fallback, then the screen with its props; loads its code once', async () => {
    const load = vi.fn(async () => ({ default: Greeting }))
    const greeting = lazyScreen(load, <p>Loading</p>)
    render(<LoadedScreen screen={greeting} name="Ada" />)
    expect(screen.getByText('Loading')).toBeTruthy()
    expect(await screen.findByText('Hello Ada')).toBeTruthy()
    cleanup()
    render(<LoadedScreen screen={greeting} name="Bo" />)
    expect(screen.getByText('Hello Bo')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('shows the screen it is given now, when one element is handed another screen', async () => {
    const hello = lazyScreen(async () => ({ default: Greeting }), <p>Loading</p>)
    const bye = lazyScreen(async () => ({ default: Bye }), <p>Loading</p>)
    const { rerender } = render(<LoadedScreen screen={hello} name="Ada" />)
    expect(await screen.findByText('Hello Ada')).toBeTruthy()
    rerender(<LoadedScreen screen={bye} name="Ada" />)
    expect(await screen.findByText('Bye Ada')).toBeTruthy()
    expect(screen.queryByText('Hello Ada')).toBeNull()
  })

  it('throws a failed load to the error boundary, and tries again the next time it is shown', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk gone')).mockResolvedValue({ default: Greeting })
    const greeting = lazyScreen<{ name: string }>(load, <p>Loading</p>)
    render(
      <Boundary>
        <LoadedScreen screen={greeting} name="Ada" />
      </Boundary>,
    )
    expect(await screen.findByText('failed: chunk gone')).toBeTruthy()
    cleanup()
    render(<LoadedScreen screen={greeting} name="Ada" />)
    expect(await screen.findByText('Hello Ada')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(2)
  })
})
