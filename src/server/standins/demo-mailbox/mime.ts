/**
 * MIME for the demo mailbox: multipart/mixed messages with one attachment, written by hand so
 * generation stays synchronous and deterministic (fixed boundaries, no generated ids), and the
 * tiny PDF, .ics and .csv files they carry.
 */
import type { AttachmentSpec, CalendarEvent, Contact } from './types.js'

/** The fields of a seed message that go into its RFC 822 form. */
export type RawMessageFields = {
  from: string
  to: string
  cc?: string
  subject: string
  body_text?: string
  body_html?: string
  /** ISO 8601 */
  date: string
  message_id?: string
  in_reply_to?: string
  references?: string
}

const isAscii = (s: string) => /^[\x20-\x7e]*$/.test(s)

/** RFC 2047 encoded words, split so each stays under 76 characters. */
function encodeWords(value: string): string {
  if (isAscii(value)) return value
  const words: string[] = []
  let chunk = ''
  for (const char of value) {
    if (Buffer.byteLength(chunk + char) > 45) {
      words.push(chunk)
      chunk = ''
    }
    chunk += char
  }
  words.push(chunk)
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w).toString('base64')}?=`).join('\r\n ')
}

function encodeAddress(value: string): string {
  const match = /^(.*?)\s*<([^>]+)>$/.exec(value)
  if (!match) return value
  const name = match[1]!
  const shown = isAscii(name)
    ? /[()<>[\]:;@\\,."]/.test(name)
      ? `"${name.replace(/["\\]/g, '\\$&')}"`
      : name
    : encodeWords(name)
  return `${shown} <${match[2]}>`
}

const wrap76 = (b64: string) => b64.replace(/.{1,76}/g, '$&\r\n').trimEnd()
const base64Part = (type: string, content: string | Buffer) => [
  `Content-Type: ${type}`,
  'Content-Transfer-Encoding: base64',
  '',
  wrap76(Buffer.from(content).toString('base64')),
]

/** The whole message with `spec` attached, as base64url (the seed's `raw`). */
export function buildRawMessage(
  m: RawMessageFields,
  spec: AttachmentSpec,
  boundary: string,
): string {
  const file = renderAttachment(spec)
  const body = m.body_html
    ? [
        `Content-Type: multipart/alternative; boundary="${boundary}_alt"`,
        '',
        `--${boundary}_alt`,
        ...base64Part('text/plain; charset=utf-8', m.body_text ?? ''),
        `--${boundary}_alt`,
        ...base64Part('text/html; charset=utf-8', m.body_html),
        `--${boundary}_alt--`,
      ]
    : base64Part('text/plain; charset=utf-8', m.body_text ?? '')
  const lines = [
    `From: ${encodeAddress(m.from)}`,
    `To: ${encodeAddress(m.to)}`,
    ...(m.cc ? [`Cc: ${encodeAddress(m.cc)}`] : []),
    `Subject: ${encodeWords(m.subject)}`,
    `Date: ${new Date(m.date).toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: ${m.message_id}`,
    ...(m.in_reply_to ? [`In-Reply-To: ${m.in_reply_to}`, `References: ${m.references}`] : []),
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    ...body,
    `--${boundary}`,
    `Content-Type: ${file.type}; name="${spec.filename}"`,
    `Content-Disposition: attachment; filename="${spec.filename}"`,
    'Content-Transfer-Encoding: base64',
    '',
    wrap76(file.data.toString('base64')),
    `--${boundary}--`,
    '',
  ]
  return Buffer.from(lines.join('\r\n'), 'utf8').toString('base64url')
}

function renderAttachment(spec: AttachmentSpec): { type: string; data: Buffer } {
  if (spec.kind === 'pdf') return { type: 'application/pdf', data: tinyPdf(spec.title, spec.lines) }
  if (spec.kind === 'csv') {
    const cell = (c: string) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)
    const csv = spec.rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n'
    return { type: 'text/csv; charset=utf-8', data: Buffer.from(csv) }
  }
  return {
    type: 'text/calendar; charset=utf-8; method=REQUEST',
    data: Buffer.from(icsEvent(spec.event)),
  }
}

/** A one-page PDF with a title and a few lines of Helvetica, with a correct xref table. */
function tinyPdf(title: string, lines: string[]): Buffer {
  const ascii = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/[\\()]/g, '\\$&')
  const text = [`BT /F1 18 Tf 72 720 Td (${ascii(title)}) Tj /F1 11 Tf`]
  for (const line of lines) text.push(`0 -22 Td (${ascii(line)}) Tj`)
  const stream = `${text.join('\n')}\nET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ]
  let pdf = '%PDF-1.4\n'
  const offsets = objects.map((object, i) => {
    const offset = pdf.length
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`
    return offset
  })
  const xref = pdf.length
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(pdf, 'latin1')
}

function icsEvent(e: CalendarEvent): string {
  const stamp = (d: Date) =>
    d
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '')
  const who = (role: string, c: Contact) => `${role};CN=${c.name}:mailto:${c.email}`
  const escape = (s: string) => s.replace(/[\\;,]/g, '\\$&')
  return [
    'BEGIN:VCALENDAR',
    'PRODID:-//Inkwell Demo//Calendar//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `DTSTART:${stamp(e.start)}`,
    `DTEND:${stamp(e.end)}`,
    `DTSTAMP:${stamp(e.sent)}`,
    who('ORGANIZER', e.organizer),
    `UID:${e.uid}`,
    ...e.attendees.map((a) =>
      who('ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE', a),
    ),
    `SUMMARY:${escape(e.summary)}`,
    `LOCATION:${escape(e.location)}`,
    `DESCRIPTION:${escape(e.description)}`,
    'STATUS:CONFIRMED',
    'SEQUENCE:0',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n')
}
