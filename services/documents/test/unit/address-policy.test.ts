import { describe, expect, it } from 'vitest'
import { ipLiteralOf, isPublicAddress } from '../../src/net/address-policy.js'
import { FetchMessages, FetchRefused, parseHttpsUrl, vetHost } from '../../src/net/safe-fetch.js'

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '192.0.2.1',
    '198.18.0.1',
    '240.0.0.1',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    '2002:7f00:1::1',
    '2001:db8::1',
    'not-an-ip',
    '',
    '1.2.3',
    '999.1.1.1',
  ])('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false)
  })

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8'])(
    'allows %s',
    (ip) => {
      expect(isPublicAddress(ip)).toBe(true)
    },
  )
})

describe('URL hosts', () => {
  it('odd IPv4 forms are normalised by the URL parser and recognised as literals', () => {
    for (const raw of ['https://0x7f.1/', 'https://2130706433/', 'https://017700000001/', 'https://127.1/', 'https://%31%32%37.0.0.1/']) {
      const url = parseHttpsUrl(raw)
      expect(ipLiteralOf(url.hostname), raw).toBe('127.0.0.1')
    }
    expect(ipLiteralOf(parseHttpsUrl('https://[::1]/').hostname)).toBe('::1')
    expect(ipLiteralOf('example.com')).toBeNull()
  })

  it.each([
    ['http://example.com/logo.png', FetchMessages.httpsOnly],
    ['file:///etc/passwd', FetchMessages.httpsOnly],
    ['ftp://example.com/logo.png', FetchMessages.httpsOnly],
    ['gopher://127.0.0.1:6379/_FLUSHALL', FetchMessages.httpsOnly],
    ['data:image/png;base64,iVBORw0KGgo=', FetchMessages.httpsOnly],
    ['javascript:alert(1)', FetchMessages.httpsOnly],
    ['not a url', FetchMessages.invalidUrl],
    ['https://user:pass@example.com/', FetchMessages.invalidUrl],
  ])('parseHttpsUrl refuses %s', (raw, message) => {
    expect(() => parseHttpsUrl(raw)).toThrow(new FetchRefused(message))
  })

  it('vetHost refuses a name when any resolved address is private, and never resolves literals', async () => {
    const resolve = async (name: string) =>
      name === 'mixed.example'
        ? [
            { address: '93.184.216.34', family: 4 },
            { address: '10.0.0.5', family: 4 },
          ]
        : [{ address: '93.184.216.34', family: 4 }]
    await expect(vetHost(new URL('https://mixed.example/'), isPublicAddress, resolve)).rejects.toThrow(FetchMessages.privateAddress)
    await expect(vetHost(new URL('https://public.example/'), isPublicAddress, resolve)).resolves.toEqual({ address: '93.184.216.34', family: 4 })
    const never = async (): Promise<never> => {
      throw new Error('must not resolve a literal')
    }
    await expect(vetHost(new URL('https://169.254.169.254/'), isPublicAddress, never)).rejects.toThrow(FetchMessages.privateAddress)
    await expect(vetHost(new URL('https://[::1]/'), isPublicAddress, never)).rejects.toThrow(FetchMessages.privateAddress)
    await expect(
      vetHost(new URL('https://nowhere.invalid/'), isPublicAddress, async () => {
        throw new Error('ENOTFOUND')
      }),
    ).rejects.toThrow(FetchMessages.unresolvable)
    await expect(vetHost(new URL('https://empty.example/'), isPublicAddress, async () => [])).rejects.toThrow(FetchMessages.unresolvable)
  })
})
