import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

// Share-link passcodes: stored as scrypt with a random salt, compared in constant time.

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>
const KEY_LENGTH = 32

export async function hashPasscode(passcode: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(passcode.normalize('NFC'), salt, KEY_LENGTH)
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`
}

/** Whether `passcode` is the one hashed; the same work and a constant-time comparison whatever it is. */
export async function verifyPasscode(stored: string, passcode: string): Promise<boolean> {
  const [scheme, saltB64, keyB64] = stored.split('$')
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false
  const expected = Buffer.from(keyB64, 'base64')
  const actual = await scryptAsync(passcode.normalize('NFC').slice(0, 64), Buffer.from(saltB64, 'base64'), KEY_LENGTH)
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}
