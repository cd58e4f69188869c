import { COMPANY_SETTINGS_DEFAULTS } from '@plumbline/contracts'
import { describe, expect, it } from 'vitest'
import { estimateFacts } from '../../src/domain/estimate-facts.js'
import { builtInChatEdit } from '../../src/providers/builtin/chat-edits.js'
import { composeSection } from '../../src/providers/builtin/compose-sections.js'
import { companySettings, roofDocument } from '../support/fixtures.js'

const facts = estimateFacts({ document: roofDocument(), settings: companySettings() })
const summary = composeSection('executive_summary', facts)
const edit = (message: string, currentText = summary, type: 'executive_summary' | 'qa_notes' = 'executive_summary') =>
  builtInChatEdit({ type, facts, currentText, message })
const words = (t: string) => t.split(/\s+/).length

describe('built-in chat edits', () => {
  it('makes it shorter, and says by how much', () => {
    const r = edit('Make it shorter please')
    expect(r.proposedContent).not.toBeNull()
    expect(words(r.proposedContent!)).toBeLessThan(words(summary) * 0.8)
    expect(r.reply).toMatch(/shortened it from \d+ to \d+ words/)
    expect(r.proposedContent!.startsWith('Summit Roofing Co. is pleased to present')).toBe(true)
  })

  it('makes it more formal: contractions and casual words go', () => {
    const r = edit('more formal', "We'll start soon! It's a lot of work and we don't cut corners.")
    expect(r.proposedContent).toBe('We will start soon. It is considerable work and we do not cut corners.')
    expect(r.reply).toMatch(/more formal/)
    const already = edit('make it more formal', 'We will start on Monday.')
    expect(already.proposedContent).toBeNull()
    expect(already.reply).toMatch(/already formal/)
  })

  it('adds a sentence about a known topic, using the company facts', () => {
    const r = edit('mention the warranty')
    expect(r.proposedContent).toContain("backed by Summit Roofing Co.'s warranty")
    expect(r.proposedContent!.startsWith(summary)).toBe(true)
    expect(r.reply).toBe('I added a sentence about the warranty. Review the proposed text below and apply it if it reads right.')
    expect(edit('add a sentence about permits').proposedContent).toContain('Summit Roofing Co. obtains the permits')
    expect(edit('add a line about the licence').proposedContent).toContain('licence CA-1047722')
  })

  it('adds an unknown topic in general terms and says so', () => {
    const r = edit('add a sentence about the new skylight flashing')
    expect(r.proposedContent).toContain('This estimate also takes the new skylight flashing into account.')
    expect(r.reply).toMatch(/in general terms/)
    const own = edit('add that the crew arrives at 8am every weekday')
    expect(own.proposedContent).toContain('The crew arrives at 8am every weekday.')
  })

  it('combines requests: shorter and mention the warranty keeps the added sentence', () => {
    const r = edit('make it shorter and mention the warranty')
    expect(r.proposedContent).toContain('warranty')
    expect(words(r.proposedContent!)).toBeLessThan(words(summary))
    expect(r.reply).toMatch(/shortened.*and added a sentence about the warranty/)
  })

  it('removes and replaces wording, and says when there was nothing to change', () => {
    const removed = edit('remove the sentence about licence')
    expect(removed.proposedContent).not.toMatch(/licen/)
    expect(removed.reply).toMatch(/removed the sentence mentioning "licence"/)
    const replaced = edit('replace "Jane Smith" with "Ms Smith"')
    expect(replaced.proposedContent).toContain('for Ms Smith at')
    expect(replaced.reply).toMatch(/replaced "Jane Smith" with "Ms Smith" \(once\)/)
    const nothing = edit('remove the part about swimming pools')
    expect(nothing.proposedContent).toBeNull()
    expect(nothing.reply).toMatch(/found nothing mentioning/)
  })

  it('turns sentences into bullets and back', () => {
    const bullets = edit('use bullet points', 'First point here. Second point here.')
    expect(bullets.proposedContent).toBe('- First point here.\n- Second point here.')
    const prose = edit('write it as a paragraph', '- First point here\n- Second point here')
    expect(prose.proposedContent).toBe('First point here. Second point here.')
  })

  it('is honest when it cannot do what was asked: no proposal, a list of what it can do', () => {
    const r = edit('translate this into French')
    expect(r.proposedContent).toBeNull()
    expect(r.reply).toMatch(/built-in writer \(no external AI\)/)
    expect(r.reply).toMatch(/left the text unchanged/)
  })

  it('answers simple questions from the estimate without changing the text', () => {
    const r = edit('How much is the total?')
    expect(r.proposedContent).toBeNull()
    expect(r.reply).toMatch(/^The estimate's total is \$[\d,]+(\.\d\d)?\./)
  })

  it('writes an empty section first, then applies the request', () => {
    const r = edit('make it more formal', '', 'qa_notes')
    expect(r.proposedContent).toContain('committed to quality workmanship')
    expect(r.reply).toMatch(/was empty, so I first wrote it/)
    const plain = builtInChatEdit({
      type: 'qa_notes',
      facts: estimateFacts({ document: roofDocument(), settings: COMPANY_SETTINGS_DEFAULTS }),
      currentText: '',
      message: 'hello',
    })
    expect(plain.proposedContent).toContain('We are committed to quality workmanship')
  })

  it('rewrites from the data on request', () => {
    const r = edit('rewrite it from scratch', 'Old text.')
    expect(r.proposedContent).toBe(summary)
  })
})
