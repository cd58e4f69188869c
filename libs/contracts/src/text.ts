import { z } from 'zod'

// One rule for text, on every edge. Every string of a request (each field of a JSON body, each
// query value) must be well-formed Unicode without NUL: a lone UTF-16 surrogate cannot be
// written as UTF-8 or stored in jsonb, and PostgreSQL text cannot hold U+0000; either would
// otherwise surface as a 500 somewhere down the line (service-kit's body guard applies this to
// every field before any route runs). Names (of people, signers, projects, clients, companies,
// roles) also refuse invisible formatting characters: a right-to-left override or a zero-width
// space makes one name look like another.

export const TEXT_MESSAGES = {
  nul: 'Text must not contain NUL characters',
  surrogate: 'Text must be valid Unicode (it holds an unpaired surrogate)',
  formatControl: 'Names must not contain invisible formatting characters (such as right-to-left overrides or zero-width spaces)',
} as const

/** A lone surrogate: with the u flag, a paired one is read as one astral code point and never matches. */
const LONE_SURROGATE = /\p{Cs}/u

/** Why `value` is not well-formed text, or null when it is. */
export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return TEXT_MESSAGES.nul
  if (LONE_SURROGATE.test(value)) return TEXT_MESSAGES.surrogate
  return null
}

/**
 * Unicode format characters (general category Cf: bidi embeddings, overrides and isolates, the
 * left/right marks, zero-width space, word joiner, byte order mark, soft hyphen, …) except the
 * zero-width non-joiner and joiner, which Persian, Indic scripts and emoji need.
 */
const FORMAT_CONTROL = /(?![\u200c\u200d])\p{Cf}/u

export const hasFormatControl = (value: string): boolean => FORMAT_CONTROL.test(value)

/** A name field: the given string schema, refusing invisible formatting characters. */
export const nameText = <T extends z.ZodType<string | null | undefined>>(schema: T) =>
  schema.refine((v) => typeof v !== 'string' || !hasFormatControl(v), TEXT_MESSAGES.formatControl)

/** A person's first or last name, required (the sign-up forms'). */
export const personName = (required: string) => nameText(z.string({ error: required }).trim().min(1, required).max(100))
