// US street address parsing and normalisation (wizard step 2 "Validate"). It checks the FORMAT
// only: street number and street, city, state (two-letter code or full name) and an optional
// ZIP (5 or 5-4 digits). Whether the address exists is a question for a real data provider.
//
//   "123 main street springfield illinois 62701"  → "123 Main St, Springfield, IL 62701"
//   "456 N. Oak Ave., Apt 4b, Austin, tx, 78701-1234" → "456 N Oak Ave Apt 4B, Austin, TX 78701-1234"

export const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  PR: 'Puerto Rico',
  GU: 'Guam',
  VI: 'U.S. Virgin Islands',
  AS: 'American Samoa',
  MP: 'Northern Mariana Islands',
}

/** USPS standard suffix abbreviations for the common street types. */
const STREET_SUFFIXES: Record<string, string> = {
  street: 'St',
  st: 'St',
  avenue: 'Ave',
  ave: 'Ave',
  av: 'Ave',
  road: 'Rd',
  rd: 'Rd',
  boulevard: 'Blvd',
  blvd: 'Blvd',
  drive: 'Dr',
  dr: 'Dr',
  lane: 'Ln',
  ln: 'Ln',
  court: 'Ct',
  ct: 'Ct',
  place: 'Pl',
  pl: 'Pl',
  terrace: 'Ter',
  ter: 'Ter',
  parkway: 'Pkwy',
  pkwy: 'Pkwy',
  highway: 'Hwy',
  hwy: 'Hwy',
  circle: 'Cir',
  cir: 'Cir',
  way: 'Way',
  trail: 'Trl',
  trl: 'Trl',
  square: 'Sq',
  sq: 'Sq',
  loop: 'Loop',
  alley: 'Aly',
  aly: 'Aly',
  crossing: 'Xing',
  xing: 'Xing',
  pike: 'Pike',
  plaza: 'Plz',
  plz: 'Plz',
  point: 'Pt',
  pt: 'Pt',
  run: 'Run',
  path: 'Path',
  walk: 'Walk',
  row: 'Row',
  expressway: 'Expy',
  expy: 'Expy',
  freeway: 'Fwy',
  fwy: 'Fwy',
  cove: 'Cv',
  cv: 'Cv',
  ridge: 'Rdg',
  rdg: 'Rdg',
  heights: 'Hts',
  hts: 'Hts',
}
const DIRECTIONS: Record<string, string> = {
  north: 'N',
  n: 'N',
  south: 'S',
  s: 'S',
  east: 'E',
  e: 'E',
  west: 'W',
  w: 'W',
  northeast: 'NE',
  ne: 'NE',
  northwest: 'NW',
  nw: 'NW',
  southeast: 'SE',
  se: 'SE',
  southwest: 'SW',
  sw: 'SW',
}
const UNIT_DESIGNATORS: Record<string, string> = {
  apartment: 'Apt',
  apt: 'Apt',
  suite: 'Ste',
  ste: 'Ste',
  unit: 'Unit',
  building: 'Bldg',
  bldg: 'Bldg',
  floor: 'Fl',
  fl: 'Fl',
  room: 'Rm',
  rm: 'Rm',
  lot: 'Lot',
  space: 'Spc',
  spc: 'Spc',
  '#': '#',
}

export type UsAddress = {
  streetNumber: string
  /** Street name with its normalised suffix and directionals, without the number. */
  street: string
  /** "Apt 4B", "# 12", or null. */
  unit: string | null
  city: string
  /** Two-letter code. */
  state: string
  zip: string | null
  /** "123 Main St, Springfield, IL 62701". */
  formatted: string
}

export type AddressParse = { ok: true; address: UsAddress } | { ok: false; reason: string }

const EXAMPLE = "'123 Main St, Springfield, IL 62701'"
const fail = (reason: string): AddressParse => ({ ok: false, reason })

const bare = (word: string) => word.toLowerCase().replace(/\.$/, '')

/** "MAIN" / "main" → "Main"; keeps mixed case ("McDonald"); ordinals stay lower ("21st"). */
function titleWord(word: string): string {
  if (/^\d+(st|nd|rd|th)$/i.test(word)) return word.toLowerCase()
  if (/\d/.test(word)) return word.toUpperCase()
  const lettersOnly = word.replace(/[^A-Za-z]/g, '')
  const uniform = lettersOnly === lettersOnly.toLowerCase() || lettersOnly === lettersOnly.toUpperCase()
  const rest = uniform ? word.slice(1).toLowerCase() : word.slice(1)
  return word.charAt(0).toUpperCase() + rest
}
const titleCase = (text: string) =>
  text
    .split(/(\s+|-)/)
    .map((w) => (/^\s+$|^-$/.test(w) ? w : titleWord(w)))
    .join('')

/** Finds a state at the end of `words`: a two-letter code or a full name of up to 4 words. */
function takeState(words: string[]): { code: string; rest: string[] } | undefined {
  for (let n = Math.min(4, words.length); n >= 1; n--) {
    const candidate = words.slice(-n).join(' ').toLowerCase().replace(/\./g, '')
    const code = n === 1 && candidate.length === 2 ? candidate.toUpperCase() : undefined
    if (code && US_STATES[code]) return { code, rest: words.slice(0, -n) }
    const byName = Object.entries(US_STATES).find(([, name]) => name.toLowerCase().replace(/\./g, '') === candidate)
    if (byName) return { code: byName[0], rest: words.slice(0, -n) }
  }
  return undefined
}

/**
 * Normalises street words: a leading or trailing directional and the suffix abbreviated, the rest
 * title-cased. "North St" keeps North: a lone direction before the suffix is the street's name.
 */
function normaliseStreet(words: string[]): string {
  const isSuffix = (w: string | undefined) => w !== undefined && STREET_SUFFIXES[bare(w)] !== undefined
  const isDirection = (w: string | undefined) => w !== undefined && DIRECTIONS[bare(w)] !== undefined
  return words
    .map((w, i) => {
      const key = bare(w)
      const isLast = i === words.length - 1
      const leadingDirectional = i === 0 && (words.length >= 3 || (words.length === 2 && !isSuffix(words[1])))
      const trailingDirectional = isLast && i >= 2 && isSuffix(words[i - 1])
      if (isDirection(w) && (leadingDirectional || trailingDirectional)) return DIRECTIONS[key]
      if (isSuffix(w) && i > 0 && (isLast || (i === words.length - 2 && isDirection(words[i + 1])))) return STREET_SUFFIXES[key]
      return titleCase(w.replace(/\.$/, ''))
    })
    .join(' ')
}

/** Splits "Apt 4B" / "#12" / "Suite 200" off the end of the street words. */
function takeUnit(words: string[]): { unit: string | null; rest: string[] } {
  for (let i = words.length - 1; i >= 1; i--) {
    const w = words[i]
    if (w.startsWith('#') && w.length > 1 && i === words.length - 1) return { unit: `# ${w.slice(1).toUpperCase()}`, rest: words.slice(0, i) }
    const designator = UNIT_DESIGNATORS[bare(w)]
    if (designator && i === words.length - 2 && /^[\w-]+$/.test(words[i + 1])) {
      return { unit: `${designator} ${words[i + 1].toUpperCase()}`, rest: words.slice(0, i) }
    }
  }
  return { unit: null, rest: words }
}

/** Index just after the last street suffix (or unit) in words without commas: where the city starts. */
function cityStart(words: string[]): number {
  for (let i = words.length - 2; i >= 1; i--) {
    const key = bare(words[i])
    if (key === '#' || words[i].startsWith('#')) return i + 1
    if (UNIT_DESIGNATORS[key] && i + 1 < words.length - 1) return i + 2
    if (STREET_SUFFIXES[key]) return DIRECTIONS[bare(words[i + 1])] && i + 2 < words.length ? i + 2 : i + 1
  }
  return -1
}

const words = (text: string) => text.split(/\s+/).filter(Boolean)

export function parseUsAddress(input: string): AddressParse {
  const text = input
    .normalize('NFKC')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (!text) return fail('the address is empty')
  if (text.length > 300) return fail('the address is too long')
  if (!/^[\p{L}\p{N}\s.,#'&/-]+$/u.test(text)) return fail('the address contains characters an address does not use')

  // ZIP at the very end, right after the state (optional; when given, 5 or 5-4 digits).
  let rest = text.replace(/[\s,]+$/, '')
  let zip: string | null = null
  const zipMatch = /[\s,]+(\d[\d-]*)$/.exec(rest)
  if (zipMatch) {
    const before = rest.slice(0, zipMatch.index).replace(/[\s,]+$/, '')
    if (takeState(words(before.split(',').pop() ?? ''))) {
      if (!/^\d{5}(-\d{4})?$/.test(zipMatch[1])) return fail(`'${zipMatch[1]}' is not a ZIP code (use 5 digits, or 5-4 such as 62701-1234)`)
      zip = zipMatch[1]
      rest = before
    }
  }

  const parts = rest
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
  if (!parts.length) return fail('the address is empty')
  const lastWords = words(parts[parts.length - 1])
  const state = takeState(lastWords)
  if (!state) return fail('no US state found (use a two-letter code such as IL, or the full name)')
  const head = [...parts.slice(0, -1), ...(state.rest.length ? [state.rest.join(' ')] : [])]

  let streetWords: string[]
  let cityWords: string[]
  if (head.length >= 2) {
    cityWords = words(head[head.length - 1])
    streetWords = words(head.slice(0, -1).join(' '))
  } else if (head.length === 1) {
    const all = words(head[0])
    const at = cityStart(all)
    if (at < 0) return fail('the street and the city could not be told apart (separate them with a comma)')
    streetWords = all.slice(0, at)
    cityWords = all.slice(at)
  } else return fail('no street or city found')

  if (!cityWords.length || cityWords.some((w) => /\d/.test(w))) return fail('no city found')
  const numberMatch = /^(\d+[A-Za-z]?(?:-\d+[A-Za-z]?)?|\d+\/\d+)$/.exec(streetWords[0] ?? '')
  if (!numberMatch) return fail('the street address must start with a house number')
  const { unit, rest: streetOnly } = takeUnit(streetWords.slice(1))
  if (!streetOnly.length || !streetOnly.some((w) => /\p{L}/u.test(w))) return fail('no street name found after the house number')

  const streetNumber = streetWords[0].toUpperCase()
  const street = normaliseStreet(streetOnly)
  const city = titleCase(cityWords.join(' ').replace(/\.$/, ''))
  const line1 = [streetNumber, street, unit].filter(Boolean).join(' ')
  const formatted = `${line1}, ${city}, ${state.code}${zip ? ` ${zip}` : ''}`
  return { ok: true, address: { streetNumber, street, unit, city, state: state.code, zip, formatted } }
}

/** The 400 detail when an address cannot be read. */
export const addressErrorMessage = (reason: string) => `Could not validate address: ${reason}. Enter it like ${EXAMPLE}.`
