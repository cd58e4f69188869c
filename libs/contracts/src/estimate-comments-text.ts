// Texts and limits of an estimate's change requests (the client's messages on the share link and
// the contractor's replies), free of zod so the share page and the detail page can use them
// (subpath @plumbline/contracts/estimate-comments-text); the schemas in estimate-comments.ts build on them.

export const COMMENT_LIMITS = {
  /** Characters of one message, after trimming. */
  body: 5000,
  /** The client's messages per link in any rolling hour (429 with Retry-After beyond). */
  perLinkPerHour: 20,
  /** The thread answers at most this many messages, the newest. */
  thread: 200,
} as const

export const COMMENT_MESSAGES = {
  bodyRequired: 'Please write a message',
  bodyTooLong: 'Messages can be at most 5,000 characters',
  rateLimited: 'You have sent a lot of messages in the last hour. Please wait a while before sending another.',
  notShared: 'Sharing is off for this estimate. Enable sharing to reply to the client.',
  expired: 'The share link has expired. Extend it to reply to the client.',
} as const

/**
 * The thread asks again this often while its page is open (and when the window regains focus):
 * a reply is news for a person waiting on it, but not a chat; two requests a minute at most.
 */
export const COMMENT_POLL_MS = 30_000
