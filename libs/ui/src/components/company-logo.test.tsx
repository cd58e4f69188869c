import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { CompanyLogo, companyLogoSrc } from './company-logo'

afterEach(cleanup)

describe('companyLogoSrc', () => {
  it('prefers the uploaded file, then the URL, else nothing', () => {
    expect(companyLogoSrc('org-1', { logoFileData: true, logoUrl: 'https://x/logo.png', logoFileSize: 42 })).toBe(
      '/api/organizations/org-1/company-settings/logo/view?v=42',
    )
    expect(companyLogoSrc('org-1', { logoFileData: false, logoUrl: 'https://x/logo.png' })).toBe('https://x/logo.png')
    expect(companyLogoSrc('org-1', { logoFileData: false, logoUrl: '  ' })).toBeNull()
    expect(companyLogoSrc('org-1', undefined)).toBeNull()
  })
})

describe('CompanyLogo', () => {
  it('shows the placeholder icon when there is no image, at least 80×40', () => {
    render(<CompanyLogo settings={{ logoUrl: null, logoFileData: false }} orgId="org-1" />)
    const ph = screen.getByTestId('logo-placeholder')
    expect(ph.style.minWidth).toBe('80px')
    expect(ph.style.minHeight).toBe('40px')
  })

  it('pulses while loading, shows the image up to 200×100, and falls back to the placeholder when it fails', () => {
    const { rerender } = render(<CompanyLogo isLoading orgId="org-1" />)
    expect(screen.getByTestId('logo-loading').className).toContain('animate-pulse')
    rerender(<CompanyLogo src="https://x/logo.png" companyName="Acme" />)
    const img = screen.getByRole('img', { name: 'Acme logo' }) as HTMLImageElement
    expect(img.style.maxWidth).toBe('200px')
    expect(img.style.maxHeight).toBe('100px')
    fireEvent.error(img)
    expect(screen.getByTestId('logo-placeholder')).toBeTruthy()
  })

  it('is at most 100×40 when compact', () => {
    render(<CompanyLogo src="https://x/logo.png" compact />)
    const img = screen.getByRole('img', { name: 'Company logo' }) as HTMLImageElement
    expect(img.style.maxWidth).toBe('100px')
    expect(img.style.maxHeight).toBe('40px')
  })
})
