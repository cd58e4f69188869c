import { describe, expect, it } from 'vitest'
import { parseInline, parseRichText, plainText, previewOf, type RichDocument, type RichInline, safeHref, shouldCollapse } from '../src/rich-text.js'

// Shorthands for the expected trees.
const t = (text: string, marks: { bold?: true; italic?: true; href?: string } = {}): RichInline => ({ type: 'text', text, ...marks })
const br: RichInline = { type: 'break' }
const p = (...content: RichInline[]) => ({ type: 'paragraph' as const, content })
const h = (level: 1 | 2 | 3, text: string) => ({ type: 'heading' as const, level, content: [t(text)] })
const ul = (...items: string[]) => ({ type: 'list' as const, ordered: false, start: 1, items: items.map((s) => ({ content: [t(s)] })) })
const ol = (start: number, ...items: string[]) => ({ type: 'list' as const, ordered: true, start, items: items.map((s) => ({ content: [t(s)] })) })

describe('parseRichText: blocks', () => {
  const cases: [string, string, RichDocument][] = [
    ['empty text', '', []],
    ['only blank lines', '\n  \n\t\n', []],
    ['one paragraph', 'A complete kitchen remodel.', [p(t('A complete kitchen remodel.'))]],
    ['paragraphs split by blank lines', 'One.\n\nTwo.', [p(t('One.')), p(t('Two.'))]],
    ['a single newline is a line break', 'Line one\nLine two', [p(t('Line one'), br, t('Line two'))]],
    ['Windows and old Mac newlines', 'a\r\nb\rc', [p(t('a'), br, t('b'), br, t('c'))]],
    ['lines are trimmed', '   indented text   \n  next  ', [p(t('indented text'), br, t('next'))]],
    ['headings, levels relative to the shallowest', '## Roofing\n### Tear-off\n## Cleanup', [h(1, 'Roofing'), h(2, 'Tear-off'), h(1, 'Cleanup')]],
    ['heading levels stop at 3', '# A\n#### B\n###### C', [h(1, 'A'), h(3, 'B'), h(3, 'C')]],
    ['closing hashes go, a hash without a space is text', '## Scope ##\n#hashtag', [h(1, 'Scope'), p(t('#hashtag'))]],
    ['an empty heading is dropped', '##\ntext', [p(t('text'))]],
    ['bullets of every kind', '- one\n* two\n+ three\n• four', [ul('one', 'two', 'three', 'four')]],
    ['a numbered list keeps its first number', '3. third\n4) fourth', [ol(3, 'third', 'fourth')]],
    ['a list right under a paragraph line', 'Includes:\n- a\n- b', [p(t('Includes:')), ul('a', 'b')]],
    ['text at the margin ends a list', '- a\nAfter', [ul('a'), p(t('After'))]],
    ['a blank line between items keeps one list', '- a\n\n- b', [ul('a', 'b')]],
    ['switching bullets to numbers starts a new list', '- a\n1. b', [ul('a'), ol(1, 'b')]],
    [
      'an indented line continues its item',
      '- Tear-off\n  down to the deck\n- Install',
      [{ type: 'list', ordered: false, start: 1, items: [{ content: [t('Tear-off'), br, t('down to the deck')] }, { content: [t('Install')] }] }],
    ],
    [
      'nested lists, three levels at most',
      '- a\n  - b\n    1. c\n      - d\n- e',
      [
        {
          type: 'list',
          ordered: false,
          start: 1,
          items: [
            {
              content: [t('a')],
              list: { type: 'list', ordered: false, start: 1, items: [{ content: [t('b')], list: ol(1, 'c', 'd') }] },
            },
            { content: [t('e')] },
          ],
        },
      ],
    ],
    ['a rule ends a block and draws nothing', 'Above\n---\nBelow\n\n* * *', [p(t('Above')), p(t('Below'))]],
    ['a dash without a space is text', '-5 degrees\n--flag', [p(t('-5 degrees'), br, t('--flag'))]],
    ['a year at the start of a line needs a space to be a list', '2024.Roof done', [p(t('2024.Roof done'))]],
    ['code fences and tables stay as typed', '```\nx\n```\n| a | b |', [p(t('```'), br, t('x'), br, t('```'), br, t('| a | b |'))]],
  ]
  it.each(cases)('%s', (_name, source, expected) => {
    expect(parseRichText(source)).toEqual(expected)
  })
})

describe('parseInline: emphasis, links and escapes', () => {
  const cases: [string, string, RichInline[]][] = [
    ['bold', 'a **bold** b', [t('a '), t('bold', { bold: true }), t(' b')]],
    ['bold with underscores', '__bold__', [t('bold', { bold: true })]],
    ['italic', '*it* and _it_', [t('it', { italic: true }), t(' and '), t('it', { italic: true })]],
    ['bold and italic at once', '***both***', [t('both', { bold: true, italic: true })]],
    ['italic inside bold', '**a *b* c**', [t('a ', { bold: true }), t('b', { bold: true, italic: true }), t(' c', { bold: true })]],
    ['bold inside italic', '_a **b** c_', [t('a ', { italic: true }), t('b', { bold: true, italic: true }), t(' c', { italic: true })]],
    ['deeply stacked markers', '**_*x*_**', [t('x', { bold: true, italic: true })]],
    ['stacked markers of both kinds', '_*__**deep**__*_ end', [t('deep', { bold: true, italic: true }), t(' end')]],
    [
      'bold inside italic, sharing no marker',
      '*foo**bar**baz*',
      [t('foo', { italic: true }), t('bar', { bold: true, italic: true }), t('baz', { italic: true })],
    ],
    ['the rule of three', '*foo**bar*', [t('foo**bar', { italic: true })]],
    ['unclosed markers stay as typed', '**open and *also', [t('**open and *also')]],
    ['leftover markers stay outside', '***a*', [t('**'), t('a', { italic: true })]],
    ['crossed markers: the first pair wins', '*a _b* c_', [t('a _b', { italic: true }), t(' c_')]],
    ['snake_case stays', 'file_name_here', [t('file_name_here')]],
    ['a star between spaces is text', '2 * 3 * 4', [t('2 * 3 * 4')]],
    ['escapes', '\\*not\\* \\_either\\_ \\\\ \\a', [t('*not* _either_ \\ \\a')]],
    ['bold across a line break', '**a\nb**', [t('a', { bold: true }), br, t('b', { bold: true })]],
    ['a safe link', '[our site](https://acme.example/roofs)', [t('our site', { href: 'https://acme.example/roofs' })]],
    ['a mail link', '[mail](mailto:hi@acme.example)', [t('mail', { href: 'mailto:hi@acme.example' })]],
    [
      'bold inside a link and a link inside bold',
      '**[a *b*](http://x.example)**',
      [t('a ', { bold: true, href: 'http://x.example/' }), t('b', { bold: true, italic: true, href: 'http://x.example/' })],
    ],
    ['a javascript: link keeps only its label', '[click](javascript:alert)', [t('click')]],
    ['a data: link keeps only its label', '[x](data:text/html;base64,PHNjcmlwdD4=)', [t('x')]],
    ['a relative link keeps only its label', '[x](/admin)', [t('x')]],
    ['a protocol-relative link keeps only its label', '[x](//evil.example)', [t('x')]],
    ['a link with spaces or parentheses is text', '[x](javascript:alert(1)) [y](a b)', [t('[x](javascript:alert(1)) [y](a b)')]],
    ['brackets alone are text', '[draft] and [] and [a]', [t('[draft] and [] and [a]')]],
    ['HTML is text', '<script>alert(1)</script><img src=x onerror=alert(1)>', [t('<script>alert(1)</script><img src=x onerror=alert(1)>')]],
    ['entities are text', '&lt;b&gt; &#106;avascript:', [t('&lt;b&gt; &#106;avascript:')]],
  ]
  it.each(cases)('%s', (_name, source, expected) => {
    expect(parseInline(source)).toEqual(expected)
  })
})

describe('safeHref', () => {
  it('lets only absolute http(s) and mailto through, normalised', () => {
    expect(safeHref('HTTPS://Acme.Example/x')).toBe('https://acme.example/x')
    expect(safeHref('http://acme.example')).toBe('http://acme.example/')
    expect(safeHref('mailto:a@b.co')).toBe('mailto:a@b.co')
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:x',
      'vbscript:x',
      'data:text/html,x',
      'file:///etc/passwd',
      '/relative',
      '//host',
      'https:/x',
      'ftp://x',
      'https://a.example/x y',
      'https://a.example/\u0000',
    ])
      expect(safeHref(bad), bad).toBeNull()
  })
})

describe('hostile text', () => {
  it('parses 100,000 characters of pathological input in linear time', () => {
    const inputs = [
      '*'.repeat(100_000),
      '*a '.repeat(33_000),
      '_a* '.repeat(25_000),
      '**a'.repeat(33_000),
      '*a** '.repeat(20_000),
      '_a__ *b** '.repeat(10_000),
      '['.repeat(100_000),
      '[a](x'.repeat(20_000),
      '- '.repeat(50_000),
      `${'  - x\n'.repeat(10_000)}`,
      `# ${' '.repeat(100_000)}x`,
      'a\n\n'.repeat(33_000),
      'x'.repeat(100_000),
    ]
    for (const input of inputs) {
      const doc = parseRichText(input)
      // Every character typed is still there (markers aside): nothing is lost to a cut-off.
      expect(plainText(doc).replace(/[\s*_#[\]()-]/g, '').length, input.slice(0, 10)).toBe(input.replace(/[\s*_#[\]()-]/g, '').length)
    }
  })

  it('keeps very long words and lines whole', () => {
    const word = 'A'.repeat(20_000)
    expect(parseRichText(`**${word}**`)).toEqual([p(t(word, { bold: true }))])
  })
})

describe('plainText', () => {
  it('reads the words without markup, one block a line, lists with their markers', () => {
    expect(plainText(parseRichText('## Roofing\n**Remove** shingles\n\n- a\n  - b\n3. c\n\n[site](https://x.example)'))).toBe(
      'Roofing\nRemove shingles\n- a\n  - b\n3. c\nsite',
    )
  })
})

describe('the collapsed preview (spec 001 §9)', () => {
  it('collapses over 500 characters or 5 lines', () => {
    expect(shouldCollapse('x'.repeat(500))).toBe(false)
    expect(shouldCollapse('x'.repeat(501))).toBe(true)
    expect(shouldCollapse('1\n2\n3\n4\n5')).toBe(false)
    expect(shouldCollapse('1\n2\n3\n4\n5\n6')).toBe(true)
    expect(shouldCollapse('1\r\n2\r\n3\r\n4\r\n5\r\n6')).toBe(true)
    expect(shouldCollapse('')).toBe(false)
    expect(shouldCollapse(null)).toBe(false)
  })

  it('previews plain text exactly as its first 150 characters read, with an ellipsis', () => {
    const long = Array.from({ length: 8 }, (_, i) => `Step ${i + 1}: demolition, framing, electrical and finishes as agreed on site.`).join('\n')
    expect(plainText(previewOf(parseRichText(long)))).toBe(`${long.slice(0, 150).trimEnd()}…`)
    expect(plainText(previewOf(parseRichText(`${'a'.repeat(149)}b and more`)))).toBe(`${'a'.repeat(149)}b…`)
    expect(previewOf(parseRichText('short text'))).toEqual([p(t('short text'))])
    expect(previewOf(parseRichText('y'.repeat(150)))).toEqual([p(t('y'.repeat(150)))])
  })

  it('keeps the formatting of what it shows and ends on a word, not on a break', () => {
    const doc = parseRichText(`## Roofing\n- **Remove** shingles\n- ${'x'.repeat(200)}`)
    expect(previewOf(doc, 30)).toEqual([
      h(1, 'Roofing'),
      { type: 'list', ordered: false, start: 1, items: [{ content: [t('Remove', { bold: true }), t(' shingles')] }, { content: [t('xxxxxx…')] }] },
    ])
    // Cut right after a line break: the break goes and the ellipsis follows the last word.
    expect(previewOf(parseRichText('abc\ndef'), 4)).toEqual([p(t('abc…'))])
  })
})
