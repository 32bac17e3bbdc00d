/** Bulk mail's HTML layouts: tables, inline styles, a remote header image and an unsubscribe footer. */
import type { Brand, Contact, Ctx, Lang, Link } from '../types.js'

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
}
const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c]!)
const slugs = new Map<string, string>()
/** "Café Crème" -> "cafe-creme"; memoized, the inputs come from the fixed data tables. */
export const slug = (s: string) => {
  let out = slugs.get(s)
  if (out === undefined) {
    out = s
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
    slugs.set(s, out)
  }
  return out
}
export const sender = (b: Brand): Contact => ({ name: b.name, email: `${b.from}@${b.domain}` })
const FONT = "font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif"

type Footer = { why: string; unsubscribe: string; prefs: string; service: string; help: string }
const FOOTER: Record<Lang, Footer> = {
  en: {
    why: 'You are receiving this email because you subscribed to',
    unsubscribe: 'Unsubscribe',
    prefs: 'Manage preferences',
    service: 'This is a service message about your account with',
    help: 'Help center',
  },
  es: {
    why: 'Recibes este correo porque te suscribiste a',
    unsubscribe: 'Darse de baja',
    prefs: 'Gestionar preferencias',
    service: 'Este es un mensaje de servicio sobre tu cuenta en',
    help: 'Centro de ayuda',
  },
  fr: {
    why: 'Vous recevez cet e-mail car vous êtes abonné·e à',
    unsubscribe: 'Se désabonner',
    prefs: 'Gérer mes préférences',
    service: 'Ceci est un message de service concernant votre compte',
    help: 'Centre d’aide',
  },
  de: {
    why: 'Sie erhalten diese E-Mail, weil Sie folgenden Dienst abonniert haben:',
    unsubscribe: 'Abmelden',
    prefs: 'Einstellungen verwalten',
    service: 'Dies ist eine Servicenachricht zu Ihrem Konto bei',
    help: 'Hilfe',
  },
}
const link = (href: string, label: string) =>
  `<a href="${href}" style="color:#6b7280;text-decoration:underline;">${label}</a>`

/** Wraps body rows in a 600px table layout with a header image, a tracking pixel and a footer. */
/** Marketing mail gets an unsubscribe footer, service mail (receipts, alerts) a help link. */
function shell(
  b: Brand,
  lang: Lang,
  token: string,
  preheader: string,
  rows: string,
  marketing = true,
): string {
  const f = FOOTER[lang]
  const footer = marketing
    ? `${f.why} ${escapeHtml(b.name)}.<br>
${link(`https://${b.domain}/unsubscribe?u=${token}`, f.unsubscribe)} &middot; ${link(`https://${b.domain}/preferences?u=${token}`, f.prefs)}`
    : `${f.service} ${escapeHtml(b.name)}.<br>
${link(`https://${b.domain}/help`, f.help)}`
  return `<!DOCTYPE html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(b.name)}</title></head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border-radius:8px;${FONT};color:#1f2937;">
<tr><td style="padding:0;"><a href="https://${b.domain}/?utm_source=email"><img src="https://img.${b.domain}/email/header-${slug(b.name)}.png" width="600" alt="${escapeHtml(b.name)}" style="display:block;width:100%;max-width:600px;height:auto;border:0;border-radius:8px 8px 0 0;"></a></td></tr>
${rows}
<tr><td style="padding:24px 32px;background-color:#f9fafb;border-top:1px solid #e5e7eb;font-size:12px;line-height:18px;color:#6b7280;border-radius:0 0 8px 8px;">
${footer}<br>
${escapeHtml(b.name)}, ${escapeHtml(b.address)}
</td></tr>
</table>
<img src="https://t.${b.domain}/open/${token}.gif" width="1" height="1" alt="" style="display:block;border:0;">
</td></tr>
</table>
</body></html>`
}

const button = (b: Brand, label: string, href: string) =>
  `<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td style="background-color:${b.accent};border-radius:6px;"><a href="${href}" style="display:inline-block;padding:12px 24px;color:#ffffff;font-weight:600;text-decoration:none;">${escapeHtml(label)}</a></td></tr></table>`

const textFooter = (b: Brand, lang: Lang, token: string, marketing = true) => {
  const f = FOOTER[lang]
  const lines = marketing
    ? [`${f.why} ${b.name}.`, `${f.unsubscribe}: https://${b.domain}/unsubscribe?u=${token}`]
    : [`${f.service} ${b.name}.`, `${f.help}: https://${b.domain}/help`]
  return ['--', ...lines, `${b.name}, ${b.address}`].join('\n')
}

export function newsletterBody(
  b: Brand,
  lang: Lang,
  token: string,
  headline: string,
  intro: string,
  items: Link[],
) {
  const rows = [
    `<tr><td style="padding:28px 32px 8px;"><h1 style="margin:0 0 12px;font-size:24px;line-height:30px;color:#111827;">${escapeHtml(headline)}</h1><p style="margin:0;font-size:15px;line-height:23px;">${escapeHtml(intro)}</p></td></tr>`,
    ...items.map(
      (it) =>
        `<tr><td style="padding:16px 32px;border-top:1px solid #f3f4f6;"><a href="${it.href}" style="font-size:17px;font-weight:600;color:${b.accent};text-decoration:none;">${escapeHtml(it.title)}</a><p style="margin:6px 0 0;font-size:14px;line-height:21px;color:#4b5563;">${escapeHtml(it.blurb)}</p></td></tr>`,
    ),
    `<tr><td style="padding:16px 32px 28px;">${button(b, lang === 'en' ? 'Read the full issue' : lang === 'es' ? 'Leer el boletín completo' : lang === 'fr' ? 'Lire la lettre complète' : 'Zur vollständigen Ausgabe', `https://${b.domain}/issues/latest`)}</td></tr>`,
  ].join('\n')
  const text = [
    headline,
    '',
    intro,
    '',
    ...items.map((it) => `* ${it.title}\n  ${it.blurb}\n  ${it.href}\n`),
    textFooter(b, lang, token),
  ].join('\n')
  return { html: shell(b, lang, token, intro, rows), text }
}

export function promoBody(
  b: Brand,
  token: string,
  o: { headline: string; sub: string; code: string; products: [string, string][]; cta: string },
) {
  const cells = o.products.map(
    ([name, price]) =>
      `<td width="50%" valign="top" style="padding:8px;"><a href="https://${b.domain}/p/${slug(name)}" style="text-decoration:none;color:#111827;"><img src="https://img.${b.domain}/products/${slug(name)}.jpg" width="252" alt="${escapeHtml(name)}" style="display:block;width:100%;height:auto;border:0;border-radius:6px;"><p style="margin:8px 0 2px;font-size:14px;font-weight:600;">${escapeHtml(name)}</p><p style="margin:0;font-size:14px;color:${b.accent};">${escapeHtml(price)}</p></a></td>`,
  )
  const grid = [0, 2].map((i) => `<tr>${cells.slice(i, i + 2).join('')}</tr>`).join('')
  const rows = [
    `<tr><td align="center" style="padding:32px 32px 8px;"><h1 style="margin:0;font-size:28px;line-height:34px;color:#111827;">${escapeHtml(o.headline)}</h1><p style="margin:10px 0 0;font-size:16px;line-height:24px;color:#4b5563;">${escapeHtml(o.sub)}</p></td></tr>`,
    `<tr><td align="center" style="padding:16px 32px;"><div style="display:inline-block;padding:10px 18px;border:2px dashed ${b.accent};border-radius:6px;font-size:18px;font-weight:700;letter-spacing:2px;color:${b.accent};">${escapeHtml(o.code)}</div></td></tr>`,
    `<tr><td style="padding:8px 24px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${grid}</table></td></tr>`,
    `<tr><td align="center" style="padding:16px 32px 32px;">${button(b, o.cta, `https://${b.domain}/sale?code=${o.code}`)}</td></tr>`,
  ].join('\n')
  const text = [
    o.headline,
    o.sub,
    '',
    `Use code ${o.code} at checkout.`,
    '',
    ...o.products.map(([n, p]) => `- ${n}: ${p}`),
    '',
    `${o.cta}: https://${b.domain}/sale?code=${o.code}`,
    '',
    textFooter(b, 'en', token),
  ].join('\n')
  return { html: shell(b, 'en', token, o.sub, rows), text }
}

/** A transactional message: headline, intro, a two-column table of details and a button. */
export function receiptBody(
  b: Brand,
  lang: Lang,
  token: string,
  o: {
    headline: string
    intro: string
    rows: [string, string][]
    cta?: [string, string]
    marketing?: boolean
  },
) {
  const table = o.rows
    .map(
      ([k, v], i) =>
        `<tr><td style="padding:8px 0;font-size:14px;color:#6b7280;${i ? 'border-top:1px solid #f3f4f6;' : ''}">${escapeHtml(k)}</td><td align="right" style="padding:8px 0;font-size:14px;font-weight:600;${i ? 'border-top:1px solid #f3f4f6;' : ''}">${escapeHtml(v)}</td></tr>`,
    )
    .join('')
  const rows = [
    `<tr><td style="padding:28px 32px 8px;"><h1 style="margin:0 0 10px;font-size:22px;color:#111827;">${escapeHtml(o.headline)}</h1><p style="margin:0;font-size:15px;line-height:23px;">${escapeHtml(o.intro)}</p></td></tr>`,
    `<tr><td style="padding:12px 32px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${table}</table></td></tr>`,
    o.cta
      ? `<tr><td style="padding:12px 32px 28px;">${button(b, o.cta[0], o.cta[1])}</td></tr>`
      : '',
  ].join('\n')
  const text = [
    o.headline,
    '',
    o.intro,
    '',
    ...o.rows.map(([k, v]) => `${k}: ${v}`),
    ...(o.cta ? ['', `${o.cta[0]}: ${o.cta[1]}`] : []),
    '',
    textFooter(b, lang, token, o.marketing ?? false),
  ].join('\n')
  return { html: shell(b, lang, token, o.intro, rows, o.marketing ?? false), text }
}

/** A per-message token for the layouts' tracking and unsubscribe links. */
export const tokenOf = (ctx: Ctx) =>
  ctx.int(100000, 999999).toString(36) + ctx.int(100000, 999999).toString(36)
