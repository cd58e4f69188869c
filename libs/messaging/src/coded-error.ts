/** An Error with a machine-readable `code` (an ErrorCode from contracts, or any string). */
export type CodedError = Error & { code: string }

export function codedError(code: string, message: string, cause?: unknown): CodedError {
  return Object.assign(new Error(message, cause === undefined ? undefined : { cause }), { code })
}

export function errorCodeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}
