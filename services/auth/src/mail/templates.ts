import type { OutgoingMail } from './mailer.js'

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

/** One branded frame for every mail; inline styles because mail clients drop <style>. */
function layout(opts: { heading: string; intro: string; action: string; url: string; outro: string }): string {
  const url = escapeHtml(opts.url)
  return `<!doctype html>
<html><body style="margin:0;padding:0;background:#f4f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:10px;overflow:hidden;border:1px solid #e5e7eb">
<tr><td style="background:#1e3a5f;padding:18px 28px;color:#ffffff;font-size:20px;font-weight:700;letter-spacing:.3px">Plumbline</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 12px;font-size:20px">${escapeHtml(opts.heading)}</h1>
<p style="margin:0 0 20px;line-height:1.5">${escapeHtml(opts.intro)}</p>
<p style="margin:0 0 24px"><a href="${url}" style="display:inline-block;background:#f59e0b;color:#111827;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:6px">${escapeHtml(opts.action)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#6b7280">Or paste this link into your browser:</p>
<p style="margin:0 0 20px;font-size:13px;word-break:break-all"><a href="${url}" style="color:#1e3a5f">${url}</a></p>
<p style="margin:0;font-size:13px;color:#6b7280;line-height:1.5">${escapeHtml(opts.outro)}</p>
</td></tr></table>
<p style="font-size:12px;color:#9ca3af;margin:16px 0 0">Plumbline &middot; construction cost estimating</p>
</td></tr></table></body></html>`
}

const greeting = (firstName: string | null) => (firstName ? `Hi ${firstName},` : 'Hi,')

export function verificationMail(opts: { to: string; firstName: string | null; url: string }): OutgoingMail {
  const intro = 'Thanks for signing up for Plumbline. Please confirm your email address to activate your account.'
  const outro = 'This link expires in 24 hours. If you did not create an account, you can ignore this email.'
  return {
    to: opts.to,
    subject: 'Verify your Plumbline email',
    text: `${greeting(opts.firstName)}\n\n${intro}\n\nVerify your email: ${opts.url}\n\n${outro}\n\n— Plumbline`,
    html: layout({ heading: 'Confirm your email address', intro: `${greeting(opts.firstName)} ${intro}`, action: 'Verify email', url: opts.url, outro }),
  }
}

export function passwordResetMail(opts: { to: string; firstName: string | null; url: string }): OutgoingMail {
  const intro = 'We received a request to reset the password of your Plumbline account.'
  const outro = 'This link expires in 1 hour and can be used once. If you did not ask for a reset, you can ignore this email; your password stays the same.'
  return {
    to: opts.to,
    subject: 'Reset your Plumbline password',
    text: `${greeting(opts.firstName)}\n\n${intro}\n\nChoose a new password: ${opts.url}\n\n${outro}\n\n— Plumbline`,
    html: layout({ heading: 'Reset your password', intro: `${greeting(opts.firstName)} ${intro}`, action: 'Choose a new password', url: opts.url, outro }),
  }
}

export function invitationMail(opts: { to: string; organizationName: string; invitedBy: string | null; roleName: string; url: string }): OutgoingMail {
  const who = opts.invitedBy ?? 'A teammate'
  const intro = `${who} invited you to join ${opts.organizationName} on Plumbline as ${opts.roleName}. Plumbline is where the team builds estimates, shares proposals with clients and keeps meeting notes and tasks.`
  const outro = 'This invitation expires in 7 days and can be used once. If you were not expecting it, you can ignore this email.'
  return {
    to: opts.to,
    subject: `${who} invited you to ${opts.organizationName} on Plumbline`,
    text: `Hi,\n\n${intro}\n\nAccept the invitation: ${opts.url}\n\n${outro}\n\n— Plumbline`,
    html: layout({ heading: `Join ${opts.organizationName}`, intro: `Hi, ${intro}`, action: 'Accept invitation', url: opts.url, outro }),
  }
}
