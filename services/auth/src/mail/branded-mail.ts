import type { MailRequest } from '@plumbline/contracts'

// The one frame of mails that services ask for (mail requests on the bus): HTML with inline
// styles (mail clients drop <style>) in the sender's colours and logo, and the same words as
// plain text. Every value is escaped; nothing a service or a client typed becomes markup.

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
/** Line breaks a person typed stay line breaks. */
const escLines = (s: string) => esc(s).replace(/\r?\n/g, '<br>')

const FONT = '-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif'

function header(mail: MailRequest): string {
  const brand = mail.brand
  const name = brand?.companyName ?? 'Plumbline'
  const primary = brand?.primary ?? '#1e3a5f'
  const logo = brand?.logoUrl
    ? `<img src="${esc(brand.logoUrl)}" alt="${esc(name)}" height="40" style="display:block;max-height:40px;max-width:200px;border:0">`
    : `<span style="font-size:20px;font-weight:700;color:#ffffff">${esc(name)}</span>`
  // A logo sits on white (most logos are drawn for white paper), under a bar in the brand colour.
  return brand?.logoUrl
    ? `<tr><td style="height:6px;background:${primary}"></td></tr><tr><td style="padding:20px 28px 0">${logo}</td></tr>`
    : `<tr><td style="background:${primary};padding:18px 28px">${logo}</td></tr>`
}

export function renderMailHtml(mail: MailRequest): string {
  const primary = mail.brand?.primary ?? '#1e3a5f'
  const accent = mail.brand?.accent ?? '#475569'
  const paragraphs = mail.paragraphs.map((p) => `<p style="margin:0 0 14px;line-height:1.55">${escLines(p)}</p>`).join('')
  const note = mail.note
    ? `<div style="margin:6px 0 20px;padding:14px 16px;border-left:4px solid ${primary};background:#f8fafc;border-radius:4px"><p style="margin:0 0 6px;font-size:12px;font-weight:700;letter-spacing:.4px;text-transform:uppercase;color:${accent}">${esc(mail.note.label)}</p><p style="margin:0;line-height:1.55">${escLines(mail.note.text)}</p></div>`
    : ''
  const details = mail.details.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:4px 0 22px;border:1px solid #e5e7eb;border-radius:8px">${mail.details
        .map(
          (d, i) =>
            `<tr><td style="padding:10px 14px;font-size:13px;color:#6b7280;${i ? 'border-top:1px solid #e5e7eb;' : ''}width:40%">${esc(d.label)}</td><td style="padding:10px 14px;font-size:14px;font-weight:600;${i ? 'border-top:1px solid #e5e7eb;' : ''}">${esc(d.value)}</td></tr>`,
        )
        .join('')}</table>`
    : ''
  const action = mail.action
    ? `<p style="margin:0 0 24px"><a href="${esc(mail.action.url)}" style="display:inline-block;background:${primary};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:6px">${esc(mail.action.label)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#6b7280">Or paste this link into your browser:</p>
<p style="margin:0 0 20px;font-size:13px;word-break:break-all"><a href="${esc(mail.action.url)}" style="color:${primary}">${esc(mail.action.url)}</a></p>`
    : ''
  const footer = mail.footer.map((f) => `<p style="margin:0 0 6px;font-size:13px;color:#6b7280;line-height:1.5">${escLines(f)}</p>`).join('')
  const contact = mail.brand
    ? [mail.brand.companyName, ...mail.brand.contactLines]
        .filter((l): l is string => !!l)
        .map(esc)
        .join(' &middot; ')
    : 'Plumbline &middot; construction cost estimating'
  const unsubscribe = mail.unsubscribe
    ? `<p style="font-size:12px;color:#9ca3af;margin:8px 0 0"><a href="${esc(mail.unsubscribe.url)}" style="color:#6b7280">${esc(mail.unsubscribe.label)}</a></p>`
    : ''
  const preheader = mail.preheader ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:transparent">${esc(mail.preheader)}</div>` : ''
  return `<!doctype html>
<html><body style="margin:0;padding:0;background:#f4f5f7;font-family:${FONT};color:#1f2937">${preheader}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:10px;overflow:hidden;border:1px solid #e5e7eb">
${header(mail)}
<tr><td style="padding:24px 28px 28px">
<h1 style="margin:0 0 14px;font-size:21px;line-height:1.3">${esc(mail.heading)}</h1>
${paragraphs}${note}${details}${action}${footer}
</td></tr></table>
<p style="font-size:12px;color:#9ca3af;margin:16px 0 0">${contact}</p>
${unsubscribe}
</td></tr></table></body></html>`
}

export function renderMailText(mail: MailRequest): string {
  const lines: string[] = [mail.heading, '']
  for (const p of mail.paragraphs) lines.push(p, '')
  if (mail.note) lines.push(`${mail.note.label}:`, ...mail.note.text.split(/\r?\n/).map((l) => `> ${l}`), '')
  for (const d of mail.details) lines.push(`${d.label}: ${d.value}`)
  if (mail.details.length) lines.push('')
  if (mail.action) lines.push(`${mail.action.label}: ${mail.action.url}`, '')
  for (const f of mail.footer) lines.push(f)
  if (mail.footer.length) lines.push('')
  const brand = mail.brand
  lines.push(`— ${brand?.companyName ?? 'Plumbline'}`)
  if (brand?.contactLines.length) lines.push(brand.contactLines.join(' · '))
  if (mail.unsubscribe) lines.push('', `${mail.unsubscribe.label}: ${mail.unsubscribe.url}`)
  return lines.join('\n')
}

/** RFC 8058 one-click unsubscribe headers, when the mail offers it. */
export function listUnsubscribeHeaders(mail: MailRequest): Record<string, string> {
  if (!mail.unsubscribe) return {}
  return { 'List-Unsubscribe': `<${mail.unsubscribe.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
}
