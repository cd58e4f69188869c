import { e2eBaseUrl, mailsFor } from '@plumbline/testing'

/**
 * The invitation link in the newest mail to `to`, waiting for one that is not among `seen` (a
 * resend mails a new link while the old mail is still in the box).
 */
export async function invitationLink(to: string, seen: string[] = [], timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    for (const mail of await mailsFor(e2eBaseUrl(), to)) {
      const link = mail.links.find((l) => l.includes('/invite?token='))
      if (link && !seen.includes(link)) return link
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no new invitation mail to ${to}`)
}
