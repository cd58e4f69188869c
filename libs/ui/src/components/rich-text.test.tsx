import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { RichText } from './rich-text'

afterEach(cleanup)

const draw = (text: string, collapsible = false) => render(<RichText text={text} collapsible={collapsible} data-testid="rt" />).getByTestId('rt')

describe('RichText', () => {
  it('draws headings, paragraphs with line breaks, bold, italic and both', () => {
    const el = draw('## Roofing\n### Tear-off\nWe **remove** the *old* roof\nand ***all*** debris.')
    expect(el.querySelector('h4')?.textContent).toBe('Roofing')
    expect(el.querySelector('h5')?.textContent).toBe('Tear-off')
    const p = el.querySelector('p')!
    expect(p.innerHTML).toBe(
      'We <strong class="font-semibold text-foreground">remove</strong> the <em>old</em> roof<br>and <strong class="font-semibold text-foreground"><em>all</em></strong> debris.',
    )
  })

  it('draws bullet and numbered lists, nested, keeping the first number', () => {
    const el = draw('- Shingles\n  - Ridge caps\n- Underlayment\n\n3. Sweep\n4. Haul away')
    const ul = el.querySelector(':scope > ul')!
    expect(ul.className).toContain('list-disc')
    expect([...ul.querySelectorAll(':scope > li')].map((li) => li.firstChild?.textContent)).toEqual(['Shingles', 'Underlayment'])
    expect(ul.querySelector('li > ul')?.className).toContain('list-[circle]')
    expect(ul.querySelector('li > ul > li')?.textContent).toBe('Ridge caps')
    const ol = el.querySelector(':scope > ol')!
    expect(ol.getAttribute('start')).toBe('3')
    expect([...ol.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Sweep', 'Haul away'])
  })

  it('links only to http(s) and mailto, opening apart from the page', () => {
    const el = draw('See [our warranty](https://acme.example/warranty) or [write](mailto:hi@acme.example).')
    const links = el.querySelectorAll('a')
    expect([...links].map((a) => a.getAttribute('href'))).toEqual(['https://acme.example/warranty', 'mailto:hi@acme.example'])
    expect(links[0].getAttribute('rel')).toBe('noopener noreferrer nofollow ugc')
    expect(links[0].getAttribute('target')).toBe('_blank')
  })

  it('never renders markup from the text: tags, handlers and script links stay words', () => {
    const hostile = [
      '<script>window.__pwned = 1</script>',
      '<img src=x onerror="window.__pwned = 1">',
      '[click me](javascript:window.__pwned=1)',
      '[click](JAVASCRIPT:alert)',
      '[data](data:text/html;base64,PHNjcmlwdD4=)',
      '<a href="javascript:alert(1)">a</a>',
      '**<b onclick=alert(1)>bold</b>**',
      '_*__**nested**__*_',
    ].join('\n\n')
    const el = draw(hostile)
    expect(el.querySelector('script, img, iframe, [onerror], [onclick]')).toBeNull()
    expect(el.querySelectorAll('a')).toHaveLength(0)
    expect(el.textContent).toContain('<script>window.__pwned = 1</script>')
    expect(el.textContent).toContain('<img src=x onerror="window.__pwned = 1">')
    expect(el.textContent).toContain('click me')
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined()
    // Deep emphasis nests at most bold-in-italic: the markers' words are kept.
    expect(el.textContent).toContain('nested')
  })

  it('keeps a very long word inside its box', () => {
    const el = draw(`**${'A'.repeat(5000)}**`)
    expect(el.className).toContain('[overflow-wrap:anywhere]')
    expect(el.querySelector('strong')?.textContent).toHaveLength(5000)
  })

  it('collapses long text to a formatted 150-character preview with Show more / Show less', () => {
    const long = `**Scope**\n${Array.from({ length: 8 }, (_, i) => `- Step ${i + 1}: demolition, framing and finishes.`).join('\n')}`
    const el = draw(long, true)
    expect(el.querySelector('strong')?.textContent).toBe('Scope')
    expect(el.textContent?.endsWith('…')).toBe(true)
    expect(el.querySelectorAll('li').length).toBeLessThan(8)
    const more = screen.getByRole('button', { name: 'Show more' })
    expect(more.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(more)
    expect(screen.getByTestId('rt').querySelectorAll('li')).toHaveLength(8)
    fireEvent.click(screen.getByRole('button', { name: 'Show less' }))
    expect(screen.getByTestId('rt').textContent?.endsWith('…')).toBe(true)
  })

  it('shows short text whole, without a toggle', () => {
    draw('Short and **sweet**.', true)
    expect(screen.getByTestId('rt').textContent).toBe('Short and sweet.')
    expect(screen.queryByRole('button')).toBeNull()
  })
})
