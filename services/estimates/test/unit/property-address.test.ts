import { describe, expect, it } from 'vitest'
import { addressErrorMessage, parseUsAddress } from '../../src/domain/property-address.js'

const formatted = (input: string) => {
  const r = parseUsAddress(input)
  if (!r.ok) throw new Error(`expected ${JSON.stringify(input)} to parse, got: ${r.reason}`)
  return r.address.formatted
}
const reason = (input: string) => {
  const r = parseUsAddress(input)
  if (r.ok) throw new Error(`expected ${JSON.stringify(input)} to be refused, got ${r.address.formatted}`)
  return r.reason
}

describe('parseUsAddress: normalises what it accepts', () => {
  it.each([
    ['123 Main St, Springfield, IL 62701', '123 Main St, Springfield, IL 62701'],
    ['123 main street, springfield, il 62701', '123 Main St, Springfield, IL 62701'],
    ['123 MAIN STREET SPRINGFIELD ILLINOIS 62701', '123 Main St, Springfield, IL 62701'],
    ['  123   Main  St ,  Springfield , IL  ', '123 Main St, Springfield, IL'],
    ['123 Main St Springfield IL 62701', '123 Main St, Springfield, IL 62701'],
    ['456 N. Oak Ave., Apt 4b, Austin, tx, 78701-1234', '456 N Oak Ave Apt 4B, Austin, TX 78701-1234'],
    ['1600 Pennsylvania Avenue NW, Washington, DC 20500', '1600 Pennsylvania Ave NW, Washington, DC 20500'],
    ['350 5th Ave, New York, New York 10118', '350 5th Ave, New York, NY 10118'],
    ['100 North St, Salem, Massachusetts', '100 North St, Salem, MA'],
    ['200 north main street, salt lake city, utah 84101', '200 N Main St, Salt Lake City, UT 84101'],
    ['12 Ocean Blvd #5, Miami Beach, FL 33139', '12 Ocean Blvd # 5, Miami Beach, FL 33139'],
    ['123-45 Queens Blvd, Queens, NY 11375', '123-45 Queens Blvd, Queens, NY 11375'],
    ['77 McDonald Rd Suite 200, Raleigh, North Carolina 27601', '77 McDonald Rd Ste 200, Raleigh, NC 27601'],
    ['9 Main St, Palm Springs, ca', '9 Main St, Palm Springs, CA'],
    ['9 Main St Palm Springs CA', '9 Main St, Palm Springs, CA'],
    ['1 Broadway, New York, NY', '1 Broadway, New York, NY'],
    ['15 Calle Sol, San Juan, PR 00901', '15 Calle Sol, San Juan, PR 00901'],
  ])('%s → %s', (input, expected) => {
    expect(formatted(input)).toBe(expected)
  })

  it('returns the parts separately', () => {
    expect(parseUsAddress('456 N. Oak Ave., Apt 4b, Austin, tx, 78701-1234')).toEqual({
      ok: true,
      address: {
        streetNumber: '456',
        street: 'N Oak Ave',
        unit: 'Apt 4B',
        city: 'Austin',
        state: 'TX',
        zip: '78701-1234',
        formatted: '456 N Oak Ave Apt 4B, Austin, TX 78701-1234',
      },
    })
  })

  it('is idempotent: normalising a normalised address changes nothing', () => {
    for (const input of [
      '123 main street springfield illinois 62701',
      '456 N. Oak Ave., Apt 4b, Austin, tx, 78701-1234',
      '200 north main street, salt lake city, utah',
    ]) {
      const once = formatted(input)
      expect(formatted(once)).toBe(once)
    }
  })
})

describe('parseUsAddress: refuses what it cannot read', () => {
  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['hello world', /state/],
    ['Main St, Springfield, IL 62701', /house number/],
    ['123, Springfield, IL', /street name/],
    ['123 Main St, Springfield, ZZ 62701', /state/],
    ['123 Main St, Springfield, IL 6270', /not a ZIP code/],
    ['123 Main St, Springfield, IL 627011', /not a ZIP code/],
    ['123 Main St, Springfield, IL 62701-12', /not a ZIP code/],
    ['123 Broadway Springfield IL', /comma/],
    ['123 Main St, 456, IL', /city/],
    ['<script>alert(1)</script> 1 Main St, Springfield, IL', /characters/],
    ['1 Main St, Springfield, IL'.padEnd(400, 'x'), /too long/],
    ['123 Main St', /state/],
  ])('%j', (input, why) => {
    expect(reason(input)).toMatch(why)
  })

  it('says so in a message the wizard can show', () => {
    expect(addressErrorMessage('no city found')).toBe("Could not validate address: no city found. Enter it like '123 Main St, Springfield, IL 62701'.")
  })
})
