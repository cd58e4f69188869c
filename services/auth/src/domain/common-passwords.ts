import { ZStrongPassword } from '@plumbline/contracts'
import { dictionary } from '@zxcvbn-ts/language-common'

/** How many of the most common leaked passwords (zxcvbn's list, most frequent first) are refused. */
const REFUSED_COUNT = 10_000

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less predictable one'

// Compared case-insensitively: the character-class rules turn "password1" into "Password1",
// which is just as guessable.
const common = new Set(dictionary['passwords-common'].slice(0, REFUSED_COUNT).map((p) => p.toLowerCase()))

export const isCommonPassword = (password: string) => common.has(password.toLowerCase())

/** The shared password rules plus the common-password refusal (server side only: the list stays out of the browser bundles). */
export const ZUncommonPassword = ZStrongPassword.refine((p) => !isCommonPassword(p), COMMON_PASSWORD_MESSAGE)
