import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, like } from 'drizzle-orm'
import type { GeneratedDraft } from '../../../contract/ai.js'
import type { Contact } from '../../../contract/contacts.js'
import { LANGUAGES } from '../../../contract/options.js'
import { fillTemplate, templateValues } from '../../../contract/template-fill.js'
import {
  MAX_TEMPLATES_PER_USER,
  TEMPLATE_BODY_MAX,
  type Template,
} from '../../../contract/templates.js'
import { aiDrafts, emailTemplates, users } from '../../db/schema.js'
import { signIn, startHarness, type Harness } from '../../test/harness.js'

// Ada is on Pro, Grace on Free, Hedy on Pro too (for another user's ids); the writer is the
// offline one (no model configured), so drafts from templates are deterministic.
let h: Harness
let ada: string
let grace: string
let hedy: string

const PRO_UNTIL = new Date(Date.now() + 365 * 24 * 3600 * 1000)

beforeAll(async () => {
  h = await startHarness({
    users: [
      { email: 'ada@example.com', name: 'Ada Lovelace' },
      { email: 'grace@example.com', name: 'Grace Hopper' },
      { email: 'hedy@example.com', name: 'Hedy Lamarr' },
    ],
  })
  ada = (await signIn(h, 'ada@example.com')).session!
  grace = (await signIn(h, 'grace@example.com')).session!
  hedy = (await signIn(h, 'hedy@example.com')).session!
  for (const email of ['ada@example.com', 'hedy@example.com']) {
    await h.db
      .update(users)
      .set({ plan: 'pro', proExpiration: PRO_UNTIL })
      .where(eq(users.email, email))
  }
})
afterAll(async () => h?.close())

const call: Harness['call'] = (...args) => h.call(...args)

async function list(session: string): Promise<Template[]> {
  const response = await call(session, 'GET', '/api/templates')
  expect(response.statusCode).toBe(200)
  return response.json()
}

async function create(session: string, body: object): Promise<Template> {
  const response = await call(session, 'POST', '/api/templates', body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

async function rowsOf(email: string) {
  const [user] = await h.db.select().from(users).where(eq(users.email, email))
  return h.db.select().from(emailTemplates).where(eq(emailTemplates.userId, user!.id))
}

describe('the built-in templates', () => {
  it('are at least 8 common e-mails, each in English, Spanish, French and German, for Free too', async () => {
    const builtIns = (await list(grace)).filter((t) => t.kind === 'builtin')
    const families = new Map<string, Template[]>()
    for (const t of builtIns) families.set(t.key!, [...(families.get(t.key!) ?? []), t])
    expect(families.size).toBeGreaterThanOrEqual(8)
    for (const key of [
      'follow-up',
      'meeting-request',
      'thank-you',
      'introduction',
      'out-of-office',
      'invoice-reminder',
    ]) {
      expect(families.has(key), key).toBe(true)
    }
    for (const [key, texts] of families) {
      expect(texts.map((t) => t.language).sort(), key).toEqual([...LANGUAGES].sort())
      for (const t of texts) {
        expect(t.name.trim(), t.id).not.toBe('')
        expect(t.subject.trim(), t.id).not.toBe('')
        expect(t.body.length, t.id).toBeGreaterThan(80)
      }
      // Each language is its own text, not a copy of the English one.
      expect(new Set(texts.map((t) => t.body)).size, key).toBe(4)
    }
    expect(builtIns.find((t) => t.id === 'builtin-invoice-reminder-de')?.body).toContain(
      'Mit freundlichen Grüßen',
    )
    expect(builtIns.find((t) => t.id === 'builtin-meeting-request-es')?.body).toContain('¿')
  })

  it('read well filled for nobody: no braces, no "Hi ,", no doubled space, no empty sign-off line', async () => {
    for (const t of (await list(grace)).filter((x) => x.kind === 'builtin')) {
      for (const text of [t.subject, t.body]) {
        const filled = fillTemplate(text, {})
        expect(filled, t.id).not.toMatch(/[{}]/)
        expect(filled, t.id).not.toMatch(/ [,:;.]|,[,:]|[^\S\n]{2}/)
        expect(filled.endsWith('\n'), t.id).toBe(false)
      }
    }
    const english = (await list(grace)).find((t) => t.id === 'builtin-follow-up-en')!
    const filled = fillTemplate(english.body, templateValues('Ana Pérez', 'Ada Lovelace'))
    expect(filled.startsWith('Dear Ana,\n')).toBe(true)
    expect(filled.endsWith('Best regards,\nAda Lovelace')).toBe(true)
  })
})

describe('custom templates', () => {
  it('are Pro only: a Free user gets 403 naming Pro and where to upgrade, bad body or not', async () => {
    for (const [method, url, body] of [
      ['POST', '/api/templates', { name: 'Mine', body: 'Hello' }],
      ['POST', '/api/templates', { name: '' }],
      ['PATCH', '/api/templates/00000000-0000-4000-8000-000000000000', { name: 'X' }],
    ] as const) {
      const response = await call(grace, method, url, body)
      expect(response.statusCode, `${method} ${url}`).toBe(403)
      expect(response.json().error.code).toBe('pro_required')
      expect(response.json().error.message).toContain('Pro')
      expect(response.json().error.message).toContain('/upgrade')
    }
    expect(await rowsOf('grace@example.com')).toEqual([])
    expect((await list(grace)).every((t) => t.kind === 'builtin')).toBe(true)
  })

  it('a Pro user creates, lists after the built-in ones, edits and deletes', async () => {
    const made = await create(ada, {
      name: '  Weekly update  ',
      subject: 'This week',
      body: 'Hi {{firstName}},\n\nHere is where we are.\n\n{{myFirstName}}',
      language: 'english',
    })
    expect(made).toMatchObject({ kind: 'custom', key: null, name: 'Weekly update' })
    const all = await list(ada)
    const firstCustom = all.findIndex((t) => t.kind === 'custom')
    expect(all.slice(firstCustom).every((t) => t.kind === 'custom')).toBe(true)
    expect(all.slice(0, firstCustom).length).toBeGreaterThanOrEqual(32)
    expect(all.find((t) => t.id === made.id)?.body).toBe(made.body)

    const patched = await call(ada, 'PATCH', `/api/templates/${made.id}`, {
      subject: 'This week at Inkwell',
      language: null,
    })
    expect(patched.statusCode).toBe(200)
    expect(patched.json()).toMatchObject({
      name: 'Weekly update',
      subject: 'This week at Inkwell',
      language: null,
      body: made.body,
    })

    expect((await call(ada, 'DELETE', `/api/templates/${made.id}`)).statusCode).toBe(204)
    expect((await list(ada)).some((t) => t.id === made.id)).toBe(false)
    expect((await call(ada, 'DELETE', `/api/templates/${made.id}`)).statusCode).toBe(404)
  })

  it('keeps HTML, script, an unclosed {{ and unknown variables exactly as text', async () => {
    const body = '<script>alert(1)</script><b onclick="x()">Hi</b> {{firstName {{unknown}} }}'
    const made = await create(ada, { name: '<img src=x onerror=alert(1)>', body })
    const stored = (await list(ada)).find((t) => t.id === made.id)!
    expect(stored.body).toBe(body)
    expect(stored.name).toBe('<img src=x onerror=alert(1)>')
    expect(fillTemplate(stored.body, templateValues('Ana', 'Ada'))).toBe(body)
  })

  it('keeps a body of 100 KB as text: stored, listed and changed intact', async () => {
    // 100 KB of a letter with markup, script and an unclosed {{ in it, and non-ASCII text.
    const line = 'Línea <b>{{firstName}}</b> <script>alert(1)</script> {{ sin cerrar — ünïcødé\n'
    const body = line.repeat(Math.ceil((100 * 1024) / line.length)).slice(0, 100 * 1024)
    expect(body.length).toBe(100 * 1024)
    const made = await create(ada, { name: 'Long letter', body })
    expect(made.body).toBe(body)
    expect((await list(ada)).find((t) => t.id === made.id)?.body).toBe(body)
    const [row] = (await rowsOf('ada@example.com')).filter((r) => r.id === made.id)
    expect(row?.body).toBe(body)

    const changed = `${body.slice(0, -1)}!`
    const patched = await call(ada, 'PATCH', `/api/templates/${made.id}`, { body: changed })
    expect(patched.statusCode, patched.body).toBe(200)
    expect((await list(ada)).find((t) => t.id === made.id)?.body).toBe(changed)
    expect((await call(ada, 'DELETE', `/api/templates/${made.id}`)).statusCode).toBe(204)
  })

  it("answers 404 for another user's template, and changes nothing of theirs", async () => {
    const hers = await create(hedy, { name: 'Hedy only', body: 'Private' })
    for (const [method, body] of [
      ['PATCH', { name: 'Taken' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(ada, method, `/api/templates/${hers.id}`, body)
      expect(response.statusCode, method).toBe(404)
      expect(response.json().error.code).toBe('template_not_found')
    }
    expect((await list(ada)).some((t) => t.id === hers.id)).toBe(false)
    expect((await list(hedy)).find((t) => t.id === hers.id)?.name).toBe('Hedy only')
  })

  it.each([
    ['name: ', { body: 'No name' }],
    ['name: must not be empty', { name: '   ', body: 'x' }],
    ['name: must be at most 100 characters', { name: 'x'.repeat(101), body: 'x' }],
    [
      `body: must be at most ${TEMPLATE_BODY_MAX}`,
      { name: 'Big', body: 'x'.repeat(TEMPLATE_BODY_MAX + 1) },
    ],
    ['body: ', { name: 'Empty' }],
    ['body: must not be empty', { name: 'Blank', body: ' \n ' }],
    ['subject: must be one line', { name: 'Two lines', subject: 'a\nb', body: 'x' }],
    ['subject: must be at most 998', { name: 'Subj', subject: 's'.repeat(999), body: 'x' }],
    ['language: must be one of', { name: 'Lang', body: 'x', language: 'klingon' }],
  ])('refuses a body where %s, with a 400, and stores nothing', async (expected, body) => {
    const before = (await rowsOf('ada@example.com')).length
    const response = await call(ada, 'POST', '/api/templates', body)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.message).toContain(expected)
    expect(await rowsOf('ada@example.com')).toHaveLength(before)
  })

  it('refuses an empty change, a bad id and a built-in id on PATCH with a 400', async () => {
    const made = await create(ada, { name: 'Patch me', body: 'x' })
    const empty = await call(ada, 'PATCH', `/api/templates/${made.id}`, {})
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error.message).toContain('name: Give at least one of')
    for (const id of ['42', 'builtin-follow-up-en']) {
      const response = await call(ada, 'PATCH', `/api/templates/${id}`, { name: 'X' })
      expect(response.statusCode).toBe(400)
      expect(response.json().error.message).toContain('id: Not a valid id')
    }
  })

  it('caps the templates one user keeps', async () => {
    const [hedyRow] = await h.db.select().from(users).where(eq(users.email, 'hedy@example.com'))
    const held = (await rowsOf('hedy@example.com')).length
    await h.db.insert(emailTemplates).values(
      Array.from({ length: MAX_TEMPLATES_PER_USER - held }, (_, i) => ({
        userId: hedyRow!.id,
        name: `Bulk ${i}`,
        body: 'x',
      })),
    )
    const refused = await call(hedy, 'POST', '/api/templates', { name: 'One more', body: 'x' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.code).toBe('template_limit')
    expect(await rowsOf('hedy@example.com')).toHaveLength(MAX_TEMPLATES_PER_USER)
    await h.db.delete(emailTemplates).where(like(emailTemplates.name, 'Bulk %'))
  })

  it('a user back on Free keeps and may delete the templates made on Pro, but not add or edit', async () => {
    const made = await create(ada, { name: 'Before downgrade', body: 'Kept' })
    await h.db
      .update(users)
      .set({ plan: 'free', proExpiration: null })
      .where(eq(users.email, 'ada@example.com'))
    try {
      expect((await list(ada)).some((t) => t.id === made.id)).toBe(true)
      const edit = await call(ada, 'PATCH', `/api/templates/${made.id}`, { name: 'Changed' })
      expect(edit.statusCode).toBe(403)
      expect((await call(ada, 'DELETE', `/api/templates/${made.id}`)).statusCode).toBe(204)
    } finally {
      await h.db
        .update(users)
        .set({ plan: 'pro', proExpiration: PRO_UNTIL })
        .where(eq(users.email, 'ada@example.com'))
    }
  })

  it('answers 401 without a session', async () => {
    expect((await call(undefined, 'GET', '/api/templates')).statusCode).toBe(401)
    expect(
      (await call(undefined, 'POST', '/api/templates', { name: 'x', body: 'x' })).statusCode,
    ).toBe(401)
  })
})

describe('Write with AI from a template', () => {
  async function contact(session: string, body: object): Promise<Contact> {
    const response = await call(session, 'POST', '/api/contacts', body)
    expect(response.statusCode).toBe(201)
    return response.json()
  }
  const generate = (session: string, body: object) =>
    call(session, 'POST', '/api/ai/generate-email', body)

  it("starts from a built-in template in the contact's language, filled for them", async () => {
    const ana = await contact(ada, {
      name: 'Ana Pérez',
      email: 'ana.template@example.com',
      language: 'spanish',
    })
    const response = await generate(ada, { templateId: 'builtin-follow-up-en', contactId: ana.id })
    expect(response.statusCode, response.body).toBe(200)
    const draft: GeneratedDraft = response.json()
    expect(draft.content.startsWith('Hola, Ana:\n')).toBe(true)
    expect(draft.content).toContain('mensaje anterior')
    expect(draft.content.endsWith('Un cordial saludo,\nAda Lovelace')).toBe(true)
    expect(draft.content).not.toMatch(/[{}]/)
    expect(draft.subject).toBe('Seguimiento de mi mensaje anterior')
    const [row] = await h.db.select().from(aiDrafts).where(eq(aiDrafts.id, draft.draftId))
    expect(row!.userInput).toBe('Template: Seguimiento')
  })

  it("uses the user's own template, with no name known, and says what the offline writer left out", async () => {
    const mine = await create(ada, {
      name: 'Check-in',
      subject: 'Checking in',
      body: 'Hi {{firstName}},\n\nJust checking in on the proposal.\n\nCheers,\n{{myFirstName}}',
    })
    const response = await generate(ada, {
      templateId: mine.id,
      userInput: 'mention the budget',
      subject: 'Proposal',
    })
    expect(response.statusCode, response.body).toBe(200)
    const draft: GeneratedDraft = response.json()
    expect(draft.content).toBe('Hi,\n\nJust checking in on the proposal.\n\nCheers,\nAda')
    expect(draft.subject).toBe('Proposal')
    expect(draft.notice).toContain('mention the budget')
  })

  it("answers 404 naming templateId for another user's or an unknown template, before any credit", async () => {
    const hers = await create(hedy, { name: 'Hedy secret', body: 'Secret {{firstName}}' })
    const before = (await h.db.select().from(aiDrafts)).length
    for (const templateId of [hers.id, 'builtin-nothing-en', 'not-a-template']) {
      const response = await generate(ada, { templateId })
      expect(response.statusCode, templateId).toBe(404)
      expect(response.json().error.message).toContain('templateId: ')
    }
    expect(await h.db.select().from(aiDrafts)).toHaveLength(before)
  })

  it('still asks for a description when there is no template', async () => {
    const response = await generate(ada, { userInput: '   ' })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.message).toContain(
      'userInput: Please describe what you want to write',
    )
  })
})

describe('the account', () => {
  it('exports the custom templates, and deleting the account deletes them', async () => {
    const made = await create(hedy, { name: 'Exported', body: 'Hello {{name}}' })
    const exported = (await call(hedy, 'GET', '/api/user/export')).json()
    const names = exported.templates.map((t: Template) => t.name)
    expect(names).toContain('Exported')
    expect(exported.templates.every((t: Template) => t.kind === 'custom')).toBe(true)
    expect(exported.templates.find((t: Template) => t.id === made.id)?.body).toBe('Hello {{name}}')

    const adaBefore = (await rowsOf('ada@example.com')).length
    expect((await call(hedy, 'DELETE', '/api/user', { confirm: 'DELETE' })).statusCode).toBe(204)
    expect(await h.db.select().from(emailTemplates).where(eq(emailTemplates.id, made.id))).toEqual(
      [],
    )
    expect(await rowsOf('ada@example.com')).toHaveLength(adaBefore)
  })
})
