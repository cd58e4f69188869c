// RFC 4180 CSV: fields separated by commas, optionally quoted with "", quotes doubled inside,
// records ended by CRLF or LF. A leading UTF-8 BOM is ignored.

/** Parses CSV text into rows of fields. Throws with a message naming the line on a broken quote. */
export function parseCsv(text: string): string[][] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  let line = 1
  let quoteStartLine = 0
  for (let i = 0; i < src.length; i++) {
    const c = src[i]
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"'
          i++
        } else quoted = false
      } else {
        if (c === '\n') line++
        field += c
      }
      continue
    }
    if (c === '"' && field === '') {
      quoted = true
      quoteStartLine = line
    } else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      line++
    } else field += c
  }
  if (quoted) throw new Error(`Unclosed quote starting on line ${quoteStartLine}`)
  if (field !== '' || row.length) {
    row.push(field)
    rows.push(row)
  }
  return rows
}

/** Spreadsheet formula injection: text starting with these is prefixed with ' on export. */
const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: string, opts: { text?: boolean } = {}): string {
  const v = opts.text && FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]|^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v
}

/** Undoes the export's formula guard so a round trip keeps the original text. */
export const uncsvText = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value)

export const toCsv = (rows: string[][]) => `${rows.map((r) => r.join(',')).join('\r\n')}\r\n`
