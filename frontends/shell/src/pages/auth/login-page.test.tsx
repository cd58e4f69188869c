import { createQueryClient } from '@plumbline/web'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { LoginPage } from './login-page'
import { RegisterPage } from './register-page'
import { ResetPasswordPage } from './reset-password-page'

// The forms load their validation (zod and the contracts) on first use; transforming those here
// can outlast findByText's wait on a busy machine, so load them once up front.
beforeAll(() => import('./form-resolvers'), 30_000)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderAt(path: string, element: React.ReactNode) {
  const client = createQueryClient()
  client.setQueryData(['/api/user'], null) // signed out
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={element} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('LoginPage', () => {
  it('shows the spec validation messages', async () => {
    renderAt('/login', <LoginPage />)
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy()
    expect(screen.getByText('Password is required')).toBeTruthy()
    expect(screen.getByLabelText('Email')).toBeTruthy()
    expect(screen.getByLabelText('Password')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/forgot-password')
    expect(screen.getByRole('link', { name: 'Sign up here' }).getAttribute('href')).toBe('/register')
  })

  it('maps a 401 to the invalid-credentials message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{"message":"Invalid credentials"}', { status: 401 })))
    renderAt('/login', <LoginPage />)
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.co' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Invalid email or password. Please try again.')).toBeTruthy()
  })

  it('toggles password visibility', () => {
    renderAt('/login', <LoginPage />)
    const input = screen.getByLabelText('Password') as HTMLInputElement
    expect(input.type).toBe('password')
    fireEvent.click(screen.getByTestId('toggle-password-visibility'))
    expect(input.type).toBe('text')
  })
})

describe('RegisterPage', () => {
  it('shows the spec validation messages', async () => {
    renderAt('/register', <RegisterPage />)
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } })
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'other' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText('First name is required')).toBeTruthy()
    expect(screen.getByText('Last name is required')).toBeTruthy()
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy()
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy()
  })

  it('switches to the Check Your Email view on success', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{}', { status: 201 })))
    renderAt('/register', <RegisterPage />)
    fireEvent.change(screen.getByLabelText('First Name'), { target: { value: 'Jane' } })
    fireEvent.change(screen.getByLabelText('Last Name'), { target: { value: 'Doe' } })
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'jane@x.co' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Password1' } })
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'Password1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText('Check Your Email')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'try again' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy())
  })
})

describe('ResetPasswordPage', () => {
  it('disables submit and explains when the token is missing', () => {
    renderAt('/reset-password', <ResetPasswordPage />)
    expect((screen.getByRole('button', { name: 'Reset Password' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('Invalid or missing reset token. Please request a new password reset.')).toBeTruthy()
  })
})
