import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEmulator, type Emulator } from 'emulate'
import PostalMime from 'postal-mime'
import { buildDemoMailbox, type SeedMessage } from './index.js'
import { freePort } from '../../test/free-port.js'

const ALEX = { email: 'alex.morgan@inkwell.demo', name: 'Alex Morgan' }
const SAM = { email: 'sam.rivera@inkwell.demo', name: 'Sam Rivera' }
const NOW = new Date('2025-06-15T12:00:00Z')
const DAY = 86_400_000

const alex = buildDemoMailbox(ALEX, { now: NOW, seed: 1 })
const sam = buildDemoMailbox(SAM, { now: NOW, seed: 2 })

function threadsOf(messages: SeedMessage[]): SeedMessage[][] {
  const threads = new Map<string, SeedMessage[]>()
  for (const m of messages) threads.set(m.thread_id, [...(threads.get(m.thread_id) ?? []), m])
  return [...threads.values()].map((t) => t.sort((a, b) => a.date.localeCompare(b.date)))
}
const hasLabel = (thread: SeedMessage[], label: string) =>
  thread.some((m) => m.label_ids.includes(label))
const decode = (raw: string) => Buffer.from(raw, 'base64url').toString('utf8')
const textOf = (thread: SeedMessage[]) =>
  thread.map((m) => `${m.subject}\n${m.body_text ?? ''}\n${m.body_html ?? ''}`).join('\n')

/** Threads whose text carries the language's everyday words and accented letters. */
const LANGUAGES = {
  es: {
    words: /¡Hola|Hola,|Saludos|Un abrazo|Muchas gracias|Tu pedido|Recibes este correo/,
    accents: /[áéíóúñ¿¡]/,
  },
  fr: {
    words: /Bonjour|Coucou|Salut |Bien à vous|Cordialement|Bises|Votre commande|Vous recevez/,
    accents: /[éèêàçù’]/,
  },
  de: {
    words: /Hallo |Guten Tag|Viele Grüße|Beste Grüße|Liebe Grüße|Ihre Bestellung|Sie erhalten/,
    accents: /[äöüß]/,
  },
}
const languageCounts = (messages: SeedMessage[]) =>
  Object.fromEntries(
    Object.entries(LANGUAGES).map(([lang, { words, accents }]) => [
      lang,
      threadsOf(messages).filter((t) => words.test(textOf(t)) && accents.test(textOf(t))).length,
    ]),
  ) as Record<keyof typeof LANGUAGES, number>

describe('buildDemoMailbox', () => {
  it('spreads at least 150 threads over the 60 days before now, newest about an hour ago', () => {
    const threads = threadsOf(alex.messages)
    const start = NOW.getTime() - 60 * DAY
    const inWindow = threads.filter((t) =>
      t.every((m) => Date.parse(m.date) >= start && Date.parse(m.date) <= NOW.getTime()),
    )
    expect(inWindow.length).toBeGreaterThanOrEqual(150)
    expect(inWindow.length).toBe(threads.length)
    const newest = Math.max(...alex.messages.map((m) => Date.parse(m.date)))
    expect(NOW.getTime() - newest).toBeGreaterThanOrEqual(50 * 60_000)
    expect(NOW.getTime() - newest).toBeLessThanOrEqual(70 * 60_000)
    // Spread over the whole window, not bunched at one end.
    const oldest = Math.min(...alex.messages.map((m) => Date.parse(m.date)))
    expect(NOW.getTime() - oldest).toBeGreaterThan(55 * DAY)
  })

  it('is deterministic for the same account, seed and now, and differs otherwise', () => {
    expect(buildDemoMailbox(ALEX, { now: NOW, seed: 1 })).toEqual(alex)
    const otherSeed = buildDemoMailbox(ALEX, { now: NOW, seed: 7 })
    expect(otherSeed.messages.map((m) => m.subject)).not.toEqual(
      alex.messages.map((m) => m.subject),
    )
    expect(sam.messages.map((m) => m.subject)).not.toEqual(alex.messages.map((m) => m.subject))
  })

  it('has several Spanish, French and German threads with natural text', () => {
    const counts = languageCounts(alex.messages)
    expect(counts.es).toBeGreaterThanOrEqual(3)
    expect(counts.fr).toBeGreaterThanOrEqual(3)
    expect(counts.de).toBeGreaterThanOrEqual(3)
    const all = alex.messages.map((m) => m.body_text).join('\n')
    expect(all).toMatch(/¿|¡/)
    expect(all).toMatch(/[àéè]/)
    expect(all).toMatch(/Grüße|ß|ä|ö|ü/)
  })

  it('labels threads like a real inbox', () => {
    const threads = threadsOf(alex.messages)
    const share = (label: string) =>
      threads.filter((t) => hasLabel(t, label)).length / threads.length
    expect(share('UNREAD')).toBeGreaterThan(0.15)
    expect(share('UNREAD')).toBeLessThan(0.35)
    expect(share('STARRED')).toBeGreaterThan(0.02)
    expect(share('STARRED')).toBeLessThan(0.15)
    expect(share('IMPORTANT')).toBeGreaterThan(0.08)
    expect(share('IMPORTANT')).toBeLessThan(0.25)
    for (const category of [
      'CATEGORY_PERSONAL',
      'CATEGORY_SOCIAL',
      'CATEGORY_PROMOTIONS',
      'CATEGORY_UPDATES',
      'CATEGORY_FORUMS',
    ]) {
      expect(share(category), category).toBeGreaterThan(0)
    }
    // A few archived threads: received mail without INBOX.
    expect(threads.filter((t) => !hasLabel(t, 'INBOX')).length).toBeGreaterThanOrEqual(2)
    // UNREAD and STARRED sit on the latest message of a thread.
    for (const t of threads) {
      for (const m of t.slice(0, -1)) {
        expect(m.label_ids).not.toContain('UNREAD')
        expect(m.label_ids).not.toContain('STARRED')
      }
    }
    // Received mail is in the inbox or archived; the owner's mail is SENT only.
    for (const m of alex.messages) {
      if (m.from.includes(ALEX.email)) {
        expect(m.label_ids).toContain('SENT')
        expect(m.label_ids).not.toContain('INBOX')
        expect(m.label_ids).not.toContain('UNREAD')
      } else {
        expect(m.label_ids).not.toContain('SENT')
        expect(m.label_ids.some((l) => l.startsWith('CATEGORY_'))).toBe(true)
      }
    }
  })

  it('returns user labels that messages use, and every custom label id is declared', () => {
    const declared = new Set(alex.labels.map((l) => l.id))
    expect(declared).toEqual(new Set(['Label_clients', 'Label_travel', 'Label_receipts']))
    expect(
      alex.labels.every((l) => l.user_email === ALEX.email && l.name && l.color_background),
    ).toBe(true)
    const used = new Set(
      alex.messages.flatMap((m) => m.label_ids).filter((l) => l.startsWith('Label_')),
    )
    expect(used).toEqual(declared)
  })

  it('uses priority words in some subjects but not all', () => {
    const subjects = threadsOf(alex.messages).map((t) => t[0]!.subject)
    const priority = /urgent|asap|deadline today|meeting|review|approval|signature/i
    const flagged = subjects.filter((s) => priority.test(s)).length
    expect(flagged).toBeGreaterThanOrEqual(10)
    expect(flagged).toBeLessThan(subjects.length / 2)
    expect(subjects.some((s) => /URGENT|ASAP/.test(s))).toBe(true)
  })

  it('chains replies with In-Reply-To and References to earlier messages of the thread', () => {
    const multi = threadsOf(alex.messages).filter((t) => t.length > 1)
    expect(multi.length).toBeGreaterThanOrEqual(40)
    expect(multi.some((t) => t.length >= 4)).toBe(true)
    for (const thread of multi) {
      const ids = thread.map((m) => m.message_id!)
      for (const id of ids) expect(id).toMatch(/^<[^<>@\s]+@[^<>@\s]+>$/)
      expect(thread[0]!.in_reply_to).toBeUndefined()
      thread.slice(1).forEach((m, i) => {
        expect(m.in_reply_to).toBe(ids[i])
        expect(m.references).toBe(ids.slice(0, i + 1).join(' '))
        expect(m.subject).toBe(`Re: ${thread[0]!.subject}`)
      })
    }
    // Conversations with the owner alternate between the owner and one correspondent.
    const conversations = multi.filter((t) => t.some((m) => m.from.includes(ALEX.email)))
    expect(conversations.length).toBeGreaterThanOrEqual(30)
    for (const thread of conversations) {
      thread.slice(1).forEach((m, i) => {
        expect(m.from.includes(ALEX.email)).not.toBe(thread[i]!.from.includes(ALEX.email))
      })
    }
    // Some conversations have people on Cc.
    expect(alex.messages.some((m) => m.cc)).toBe(true)
  })

  it('builds newsletters and promotions as real-looking HTML', () => {
    const promos = alex.messages.filter((m) => m.label_ids.includes('CATEGORY_PROMOTIONS'))
    expect(promos.length).toBeGreaterThanOrEqual(10)
    for (const m of promos) {
      expect(m.body_html).toMatch(/<table[^>]*role="presentation"/)
      expect(m.body_html).toMatch(/<img src="https:\/\/[^"]+"/)
      expect(m.body_html).toMatch(/style="[^"]+"/)
      expect(m.body_html).toMatch(/<a href="https:\/\/[^"]+unsubscribe[^"]*"/)
      expect(m.from).toMatch(/^[^<>]+ <[^@\s]+@[^>\s]+\.example>$/)
    }
  })

  it('formats senders as "Name <address>" and addresses received mail to the account', () => {
    for (const m of alex.messages) {
      expect(m.from).toMatch(/^.+ <[^@\s<>]+@[^@\s<>]+>$/)
      if (!m.from.includes(ALEX.email) && !m.to.includes('lists.') && !m.to.includes('groups.')) {
        expect(m.to).toBe(`${ALEX.name} <${ALEX.email}>`)
      }
    }
  })

  it('attaches files to at least four messages as RFC 822 multipart/mixed raw messages', async () => {
    const withRaw = alex.messages.filter((m) => m.raw)
    expect(withRaw.length).toBeGreaterThanOrEqual(4)
    const kinds = new Set<string>()
    for (const m of withRaw) {
      const source = decode(m.raw!)
      expect(source).toContain('Content-Type: multipart/mixed;')
      expect(source).toContain('Content-Disposition: attachment; filename=')
      expect(source).toContain(`Message-ID: ${m.message_id}`)
      const parsed = await PostalMime.parse(Buffer.from(m.raw!, 'base64url'))
      expect(parsed.subject).toBe(m.subject)
      expect(parsed.messageId).toBe(m.message_id)
      expect(parsed.from?.address).toBe(/<(.+)>/.exec(m.from)![1])
      expect(new Date(parsed.date!).toISOString()).toBe(m.date)
      expect(parsed.text?.trim()).toBe(m.body_text?.trim())
      expect(parsed.attachments).toHaveLength(1)
      const [file] = parsed.attachments
      expect(file!.disposition).toBe('attachment')
      expect(file!.filename).toMatch(/\.(pdf|csv|ics)$/)
      kinds.add(file!.filename!.split('.').pop()!)
      const body = Buffer.from(file!.content as ArrayBuffer).toString('latin1')
      if (file!.filename!.endsWith('.pdf')) expect(body).toMatch(/^%PDF-1\.4[\s\S]*%%EOF\n$/)
      if (file!.filename!.endsWith('.ics')) expect(body).toContain('BEGIN:VEVENT')
      // The seed fields agree with the raw message.
      expect(m.from && m.to && m.subject && m.date).toBeTruthy()
    }
    expect(kinds.size).toBeGreaterThanOrEqual(2)
  })

  it('gives stable, unique, account-prefixed ids that do not collide across accounts', () => {
    for (const [box, acct] of [
      [alex, 'alexmorgan'],
      [sam, 'samrivera'],
    ] as const) {
      for (const m of box.messages) {
        expect(m.id).toMatch(new RegExp(`^m_${acct}_\\d+$`))
        expect(m.thread_id).toMatch(new RegExp(`^t_${acct}_\\d+$`))
      }
    }
    const all = [...alex.messages, ...sam.messages]
    expect(new Set(all.map((m) => m.id)).size).toBe(all.length)
    expect(new Set(all.map((m) => m.message_id)).size).toBe(all.length)
  })

  it('keeps its mix for other seeds and for the second demo account', () => {
    for (const box of [
      sam,
      ...[3, 4, 5].map((seed) => buildDemoMailbox(ALEX, { now: NOW, seed })),
    ]) {
      const threads = threadsOf(box.messages)
      expect(threads.length).toBeGreaterThanOrEqual(150)
      for (const label of ['UNREAD', 'STARRED', 'IMPORTANT', 'CATEGORY_PROMOTIONS']) {
        expect(
          threads.some((t) => hasLabel(t, label)),
          label,
        ).toBe(true)
      }
      const counts = languageCounts(box.messages)
      expect(Math.min(counts.es, counts.fr, counts.de)).toBeGreaterThanOrEqual(2)
      expect(box.messages.filter((m) => m.raw).length).toBeGreaterThanOrEqual(4)
    }
  })

  it('generates 10,000 distinct threads, none dated in the future', () => {
    // How long it takes is the benchmark's business (npm run bench seeds this size), not a test's.
    const big = buildDemoMailbox(ALEX, { now: NOW, threads: 10_000 })
    const threadIds = new Set(big.messages.map((m) => m.thread_id))
    expect(threadIds.size).toBe(10_000)
    expect(new Set(big.messages.map((m) => m.id)).size).toBe(big.messages.length)
    expect(big.messages.every((m) => Date.parse(m.date) <= NOW.getTime())).toBe(true)
  })
})

describe('demo mailbox in the emulate Google stand-in', () => {
  let google: Emulator
  let token: string

  beforeAll(async () => {
    const port = await freePort()
    google = await createEmulator({
      service: 'google',
      port,
      seed: {
        google: {
          users: [ALEX, SAM],
          labels: [...alex.labels, ...sam.labels],
          messages: [...alex.messages, ...sam.messages],
        },
      },
    })
    token = await signIn(google.url, ALEX.email)
  })

  afterAll(async () => {
    await google?.close()
  })

  const gmail = async (path: string) => {
    const res = await fetch(`${google.url}/gmail/v1/users/me${path}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.status, path).toBe(200)
    return (await res.json()) as Record<string, unknown>
  }

  it('lists the seeded threads, newest first', async () => {
    const page = (await gmail('/threads?maxResults=10')) as {
      threads: { id: string; snippet: string }[]
      resultSizeEstimate: number
    }
    expect(page.threads).toHaveLength(10)
    expect(page.resultSizeEstimate).toBe(threadsOf(alex.messages).length)
    const newest = threadsOf(alex.messages).sort((a, b) =>
      b.at(-1)!.date.localeCompare(a.at(-1)!.date),
    )[0]!
    expect(page.threads[0]!.id).toBe(newest[0]!.thread_id)
    for (const t of page.threads) expect(t.id).toMatch(/^t_alexmorgan_\d+$/)
  })

  it('returns a conversation with its reply headers', async () => {
    const seeded = threadsOf(alex.messages).find((t) => t.length >= 3)!
    const thread = (await gmail(`/threads/${seeded[0]!.thread_id}`)) as {
      messages: { id: string; payload: { headers: { name: string; value: string }[] } }[]
    }
    expect(thread.messages.map((m) => m.id)).toEqual(seeded.map((m) => m.id))
    const header = (i: number, name: string) =>
      thread.messages[i]!.payload.headers.find((h) => h.name === name)?.value
    expect(header(1, 'In-Reply-To')).toBe(seeded[0]!.message_id)
    expect(header(1, 'Subject')).toBe(seeded[1]!.subject)
  })

  it('exposes attachments as parts with a filename', async () => {
    const seeded = alex.messages.find((m) => m.raw)!
    const message = (await gmail(`/messages/${seeded.id}?format=full`)) as {
      labelIds: string[]
      payload: { mimeType: string; parts: { filename: string; body: { attachmentId?: string } }[] }
    }
    expect(message.labelIds).toEqual(seeded.label_ids)
    expect(message.payload.mimeType).toBe('multipart/mixed')
    const file = message.payload.parts.find((p) => p.filename)
    expect(file?.filename).toMatch(/\.(pdf|csv|ics)$/)
    expect(file?.body.attachmentId).toBeTruthy()
  })

  it('knows the user labels and the unread count', async () => {
    const { labels } = (await gmail('/labels')) as { labels: { id: string; name: string }[] }
    const names = labels.map((l) => l.name)
    expect(names).toEqual(expect.arrayContaining(['Clients', 'Travel', 'Receipts']))
    const unread = (await gmail('/threads?labelIds=UNREAD&maxResults=500')) as {
      resultSizeEstimate: number
    }
    expect(unread.resultSizeEstimate).toBe(
      threadsOf(alex.messages).filter((t) => hasLabel(t, 'UNREAD')).length,
    )
  })
})

/** The OAuth code flow against the stand-in (no clients seeded, so any client id is accepted). */
async function signIn(baseUrl: string, email: string): Promise<string> {
  const redirectUri = 'http://127.0.0.1:9/oauth/callback'
  const consent = await fetch(`${baseUrl}/o/oauth2/v2/auth/callback`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({
      email,
      redirect_uri: redirectUri,
      scope: 'openid email profile https://www.googleapis.com/auth/gmail.modify',
      state: 'demo-test',
      client_id: 'demo-test-client',
    }),
  })
  expect(consent.status).toBe(302)
  const code = new URL(consent.headers.get('location')!).searchParams.get('code')
  expect(code).toBeTruthy()
  const tokenResponse = await fetch(`${baseUrl}/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: redirectUri,
      client_id: 'demo-test-client',
    }),
  })
  expect(tokenResponse.status).toBe(200)
  const { access_token } = (await tokenResponse.json()) as { access_token: string }
  return access_token
}
