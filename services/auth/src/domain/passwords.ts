import { randomBytes, randomInt } from 'node:crypto'
import { hash, type Options, verify } from '@node-rs/argon2'

// Algorithm is an ambient const enum, which isolatedModules cannot inline: 2 is Argon2id.
const ARGON2ID = 2 as Options['algorithm']

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB, 2 iterations, 1 lane. */
const ARGON2_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 }

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS)

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    // A malformed stored hash is a failed login, not a server error.
    return false
  }
}

let dummyHash: Promise<string> | undefined
/**
 * Verifies against a throwaway hash so an unknown e-mail costs the same argon2 work as a wrong
 * password; otherwise response time tells which addresses have accounts.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  await verifyPassword(await dummyHash, password)
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const LOWER = 'abcdefghijkmnopqrstuvwxyz'
const DIGITS = '23456789'
const SYMBOLS = '-_!@#'

/** A temporary password that satisfies every registration rule (upper, lower, digit, length). */
export function generateTemporaryPassword(length = 16): string {
  const pick = (set: string) => set[randomInt(set.length)]
  const all = UPPER + LOWER + DIGITS + SYMBOLS
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SYMBOLS)]
  while (chars.length < length) chars.push(pick(all))
  // Fisher–Yates so the guaranteed classes are not always in front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[chars[i], chars[j]] = [chars[j], chars[i]]
  }
  return chars.join('')
}
