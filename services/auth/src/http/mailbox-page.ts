import type { SinkMail } from '../mail/mail-sink.js'

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

const when = (iso: string) => `${new Date(iso).toISOString().replace('T', ' ').slice(0, 19)} UTC`

function mailCard(mail: SinkMail): string {
  const links = mail.links.length
    ? `<ul class="links">${mail.links.map((l) => `<li><a href="${esc(l)}" target="_blank" rel="noopener noreferrer">${esc(l)}</a></li>`).join('')}</ul>`
    : '<p class="muted">No links</p>'
  const attachments = mail.attachments.length
    ? `<ul class="attachments">${mail.attachments
        .map(
          (a) =>
            `<li><a href="/__dev/mail/${encodeURIComponent(mail.id)}/attachments/${a.index}" target="_blank" rel="noopener noreferrer">${esc(a.filename)}</a> <span class="muted">${esc(a.contentType)}, ${Math.ceil(a.size / 1024)} kB</span></li>`,
        )
        .join('')}</ul>`
    : ''
  const preview = mail.html
    ? `<details><summary>Show HTML</summary><iframe sandbox="" srcdoc="${esc(mail.html)}" title="${esc(mail.subject)}"></iframe></details>`
    : ''
  return `<article class="mail">
  <header><h2>${esc(mail.subject || '(no subject)')}</h2><time datetime="${esc(mail.receivedAt)}">${esc(when(mail.receivedAt))}</time></header>
  <dl><dt>To</dt><dd>${esc(mail.to.join(', '))}</dd><dt>From</dt><dd>${esc(mail.from)}</dd>${mail.cc.length ? `<dt>Cc</dt><dd>${esc(mail.cc.join(', '))}</dd>` : ''}</dl>
  ${links}
  ${attachments}
  <details><summary>Show text</summary><pre>${esc(mail.text)}</pre></details>
  ${preview}
</article>`
}

/** The development mailbox: newest first, each mail with its links clickable. */
export function renderMailbox(mails: SinkMail[], to?: string): string {
  const body = mails.length
    ? mails.map(mailCard).join('\n')
    : `<p class="empty">No mail${to ? ` for ${esc(to)}` : ''} yet. Register or request a password reset and refresh.</p>`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Plumbline dev mailbox</title>
<style>
  :root { color-scheme: light dark; --bg:#f4f5f7; --card:#fff; --ink:#1f2937; --muted:#6b7280; --line:#e5e7eb; --brand:#1e3a5f; --accent:#f59e0b }
  @media (prefers-color-scheme: dark) { :root { --bg:#0f172a; --card:#111827; --ink:#e5e7eb; --muted:#9ca3af; --line:#1f2937; --brand:#93c5fd } }
  * { box-sizing: border-box }
  body { margin:0; font:15px/1.5 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif; background:var(--bg); color:var(--ink) }
  .top { background:#1e3a5f; color:#fff; padding:14px 24px; display:flex; align-items:center; gap:16px; flex-wrap:wrap }
  .top h1 { font-size:18px; margin:0 } .top .tag { background:var(--accent); color:#111827; border-radius:999px; padding:2px 10px; font-size:12px; font-weight:600 }
  .top form { margin-left:auto; display:flex; gap:8px } .top input { padding:6px 10px; border-radius:6px; border:0; min-width:220px }
  .top button, .top a.btn { padding:6px 12px; border-radius:6px; border:0; background:#fff; color:#1e3a5f; font-weight:600; text-decoration:none; cursor:pointer }
  main { max-width:860px; margin:24px auto; padding:0 16px; display:grid; gap:16px }
  .mail { background:var(--card); border:1px solid var(--line); border-radius:10px; padding:16px 20px }
  .mail header { display:flex; justify-content:space-between; gap:12px; align-items:baseline; flex-wrap:wrap }
  .mail h2 { font-size:16px; margin:0 } time, .muted { color:var(--muted); font-size:13px }
  dl { display:grid; grid-template-columns:max-content 1fr; gap:2px 12px; margin:8px 0; font-size:14px } dt { color:var(--muted) } dd { margin:0 }
  .links { margin:8px 0; padding-left:18px } .links a { color:var(--brand); word-break:break-all; font-weight:600 }
  summary { cursor:pointer; color:var(--muted); font-size:13px; margin-top:6px }
  pre { white-space:pre-wrap; background:var(--bg); padding:12px; border-radius:8px; font-size:13px }
  iframe { width:100%; height:520px; border:1px solid var(--line); border-radius:8px; background:#fff; margin-top:8px }
  .empty { text-align:center; color:var(--muted); padding:48px 0 }
</style></head>
<body>
<div class="top"><h1>Plumbline mailbox</h1><span class="tag">development</span><span>${mails.length} message${mails.length === 1 ? '' : 's'}</span>
<form method="get"><input type="email" name="to" placeholder="Filter by recipient" value="${esc(to ?? '')}"><button type="submit">Filter</button><a class="btn" href="?">All</a></form></div>
<main>
${body}
</main>
</body></html>`
}
