import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectAccessible, recipientChips, SENT, signIn, unique } from './support'

/**
 * The inbox against the demo's Google stand-in, as Alex. Journeys share the database of the run,
 * so each one picks its threads when it runs and never assumes another one ran before it.
 */

const ALEX = { name: 'Alex Morgan', email: 'alex.morgan@inkwell.demo' }

const rows = (page: Page) => page.getByTestId('thread-row')
const rowById = (page: Page, id: string) =>
  page.locator(`[data-testid="thread-row"][data-thread-id="${id}"]`)
const subjectHeading = (page: Page) => page.getByTestId('thread-subject')

/** Signs in and waits for the first full sync, so counts and lists hold still. */
async function openInbox(page: Page) {
  await signIn(page, ALEX.email)
  await expect(page.getByRole('heading', { name: 'Inbox', exact: true })).toBeVisible()
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('syncing')).toHaveCount(0, { timeout: 60_000 })
}

/** A row's id, sender and subject, read from its accessible name ('Unread, Sender: Subject'). */
async function describeRow(row: Locator) {
  const id = (await row.getAttribute('data-thread-id')) ?? ''
  const label = (await row.getByRole('button').first().getAttribute('aria-label')) ?? ''
  const text = label.replace(/^Unread, /, '')
  // "To: Ana: Plan" when only the user wrote (issue 25).
  const split = text.indexOf(': ', text.startsWith('To: ') ? 4 : 0)
  return { id, sender: text.slice(0, split), subject: text.slice(split + 2) }
}

/**
 * The name an action's toast gives a conversation: its latest sender's, as the API lists it
 * (a row shows everyone who wrote: "Owen, me").
 */
async function latestSenderOf(page: Page, id: string): Promise<string> {
  const list = (await (
    await page.request.get('/api/gmail/threads?label=INBOX&limit=500')
  ).json()) as {
    threads: { id: string; sender: { name: string; email: string } }[]
  }
  const thread = list.threads.find((t) => t.id === id)
  // The user's own mail is named by their display name, as the viewer names it (issue 25).
  const me = (await (await page.request.get('/api/auth/user')).json()) as {
    email: string
    name: string
  }
  if (thread && thread.sender.email.toLowerCase() === me.email.toLowerCase()) return me.name
  return thread?.sender.name || thread?.sender.email || ''
}

/**
 * The first row (from `from` on) with one correspondent who is not Alex: its name is the
 * latest sender's ("Ana, me" names several people, "me" is Alex, issue 25).
 */
async function rowFromSomeoneElse(page: Page, from = 0) {
  const count = await rows(page).count()
  for (let i = from; i < count; i++) {
    const info = await describeRow(rows(page).nth(i))
    const mine = info.sender === 'me' || info.sender.startsWith('To: ')
    if (!mine && !info.sender.includes(', ') && info.sender !== ALEX.name)
      return { row: rows(page).nth(i), ...info }
  }
  throw new Error('no thread from someone else in view')
}

test('the inbox lists the demo threads and opens an HTML newsletter in the safe viewer', async ({
  page,
}) => {
  await openInbox(page)
  await expect(page.getByTestId('thread-count')).toHaveText(/^[\d,]+ conversations$/)
  expect(await rows(page).count()).toBeGreaterThan(5)

  // Every newsletter in the demo mailbox is HTML with a remote header image and a tracking pixel.
  await page.getByPlaceholder('Search emails...').fill('unsubscribe')
  await page.getByRole('button', { name: 'Search all mail' }).click()
  await expect(page.getByTestId('thread-count')).toHaveText(/found in all mail/)
  const newsletter = await describeRow(rows(page).first())
  await rows(page).first().getByRole('button').first().click()

  await expect(page).toHaveURL(new RegExp(`thread=${newsletter.id}`))
  await expect(subjectHeading(page)).toHaveText(newsletter.subject)
  const message = page.getByTestId('message').last()
  await expect(message.getByText('HTML Safe')).toBeVisible()
  await expect(message.getByTestId('sender-email')).toContainText('@')
  const frame = message.getByTestId('email-frame')
  await expect(frame).toHaveAttribute(
    'sandbox',
    'allow-scripts allow-popups allow-popups-to-escape-sandbox',
  )
  await expect(message.getByText('Images are hidden to protect your privacy')).toBeVisible()
  await expect(
    message.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/),
  ).toBeVisible()
  // The sandboxed frame sizes itself to the mail once it has laid it out: no tiny scroll box.
  await expect.poll(async () => (await frame.boundingBox())?.height ?? 0).toBeGreaterThan(300)

  await message.getByRole('switch', { name: 'Plain text' }).click()
  await expect(frame).toHaveCount(0)
  await expect(message.getByTestId('message-text')).not.toBeEmpty()
  // The mail in the frame is the sender's markup, not Inkwell's: the viewer is checked in plain text.
  await expectAccessible(page, 'main')
  await message.getByRole('switch', { name: 'Plain text' }).click()
  await message.getByRole('button', { name: 'Load images' }).click()
  await expect(message.getByText('Images are hidden to protect your privacy')).toHaveCount(0)

  await message.getByRole('switch', { name: 'Show headers' }).click()
  const headers = message.getByRole('definition')
  await expect(message.getByRole('term').filter({ hasText: 'Message-ID' })).toBeVisible()
  expect(await headers.count()).toBe(8)
})

test('opening an unread thread marks it read and the sidebar badge follows', async ({ page }) => {
  await openInbox(page)
  const unreadRow = page.locator('[data-testid="thread-row"][data-unread]').first()
  const { id } = await describeRow(unreadRow)
  const before = (
    (await (await page.request.get('/api/gmail/unread-count')).json()) as { count: number }
  ).count
  // The Inbox link's badge: Spam and each label have unread counts of their own.
  const badge = page
    .getByRole('navigation', { name: 'Main' })
    .first()
    .getByRole('link', { name: /^Inbox/ })
    .getByLabel(/unread$/)

  await unreadRow.getByRole('button').first().click()
  await expect(page.getByTestId('message').last()).toBeVisible()
  await expect(rowById(page, id)).not.toHaveAttribute('data-unread')
  await expect(badge).toHaveText(String(before - 1))
})

test('a row in view opens from what was fetched while the list rested, with no hover first', async ({
  page,
}) => {
  const fetched = new Set<string>()
  page.on('response', (r) => {
    if (r.ok()) fetched.add(new URL(r.url()).pathname)
  })
  await openInbox(page)
  await page.mouse.move(1200, 780)
  // A read row near the top, wholly in view, which the pointer never rested on (an unread one
  // would be fetched again once opening marks it read).
  const row = page.locator('[data-testid="thread-row"]:not([data-unread])').first()
  const { id, subject } = await describeRow(row)
  const path = `/api/gmail/threads/${encodeURIComponent(id)}`
  await expect.poll(() => fetched.has(path), { timeout: 15_000 }).toBe(true)
  // From now on the server holds this conversation's answer: only what was fetched can show.
  let askedAgain = 0
  const held = (url: URL) => url.pathname === path
  await page.route(held, () => void (askedAgain += 1))
  await row.getByRole('button').first().click()
  await expect(subjectHeading(page)).toHaveText(subject)
  await expect(page.getByTestId('message').first()).toBeVisible()
  expect(askedAgain).toBe(0)
  await page.unroute(held)
})

test('archive and star are real, optimistic, and survive a reload', async ({ page }) => {
  await openInbox(page)

  const archived = await describeRow(rows(page).nth(2))
  const archivedName = await latestSenderOf(page, archived.id)
  await rows(page)
    .nth(2)
    .getByRole('button', { name: /^Quick actions/ })
    .click()
  await expect(page.getByRole('menuitem', { name: 'Smart Reply' })).toBeEnabled()
  await page.getByRole('menuitem', { name: 'Archive' }).click()
  await expect(page.getByText(`Archived email from ${archivedName}`, { exact: true })).toBeVisible()
  await expect(rowById(page, archived.id)).toHaveCount(0)

  const starRow = page
    .locator('[data-testid="thread-row"]:has(button[aria-pressed="false"][aria-label^="Star: "])')
    .first()
  const starred = await describeRow(starRow)
  const starredName = await latestSenderOf(page, starred.id)
  await starRow.getByRole('button', { name: `Star: ${starred.subject}`, exact: true }).click()
  await expect(page.getByText(`Starred email from ${starredName}`, { exact: true })).toBeVisible()
  await expect(rowById(page, starred.id).getByRole('button', { name: 'Unstar' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )

  await page.reload()
  await expect(rows(page).first()).toBeVisible()
  await expect(rowById(page, starred.id).getByRole('button', { name: 'Unstar' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(rowById(page, archived.id)).toHaveCount(0)

  // Archiving the open conversation from the viewer moves on to the next; Undo brings it back.
  const opened = await describeRow(rows(page).nth(1))
  const openedName = await latestSenderOf(page, opened.id)
  await rows(page).nth(1).getByRole('button').first().click()
  await expect(subjectHeading(page)).toHaveText(opened.subject)
  await page.getByRole('button', { name: 'Archive', exact: true }).click()
  await expect(page.getByText(`Archived email from ${openedName}`, { exact: true })).toBeVisible()
  await expect(rowById(page, opened.id)).toHaveCount(0)
  await expect(page).not.toHaveURL(new RegExp(`thread=${opened.id}`))
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(rowById(page, opened.id)).toHaveCount(1)
})

test('reply lands in the same thread', async ({ page }) => {
  await openInbox(page)
  const thread = await rowFromSomeoneElse(page, 3)
  await thread.row.getByRole('button').first().click()
  await expect(subjectHeading(page)).toHaveText(thread.subject)
  const messages = page.getByRole('list', { name: 'Messages' }).locator(':scope > li')

  // The reply is written under the conversation (reply-in-place.spec.ts has the details).
  await page.getByRole('button', { name: 'Reply', exact: true }).last().click()
  const editor = page.getByTestId('inline-reply')
  const subject = editor.getByLabel('Subject', { exact: true })
  await expect(subject).toHaveValue(/^re: /i)
  expect((await subject.inputValue()).match(/re:/gi)?.length).toBe(1)
  await expect(recipientChips(editor, 'To')).toHaveCount(1)
  const body = editor.getByLabel('Message', { exact: true })
  // The editor starts with the user's part only; the quote waits folded behind "…" (issue 25).
  await expect(body).not.toHaveValue(/wrote:/)
  const fold = editor.getByRole('button', { name: 'Show trimmed content' })
  await expect(fold).toHaveAttribute('aria-expanded', 'false')
  await fold.click()
  await expect(editor.getByLabel('Quoted text', { exact: true })).toHaveValue(/^On .+ wrote:\n> /)

  const line = unique('Thanks, replying from the journey')
  await body.press('Home')
  await body.pressSequentially(line)
  await editor.getByRole('button', { name: 'Send Email' }).click()
  await expect(page.getByText('Email sent', { exact: true })).toBeVisible(SENT)

  await page.goto(`/inbox?thread=${thread.id}`)
  await expect(subjectHeading(page)).toHaveText(thread.subject)
  await expect(page.getByTestId('message').last()).toContainText(line)
  // Long conversations fold their middle; the new message is always among those shown.
  expect(await messages.count()).toBeGreaterThanOrEqual(2)
})

test('compose validates, saves a draft and sends a new e-mail with an attachment', async ({
  page,
}) => {
  await openInbox(page)
  await page.getByRole('link', { name: 'Compose', exact: true }).first().click()
  await expect(page).toHaveURL(/\/compose$/)
  await expect(page.getByRole('heading', { name: 'AI Assistant' })).toBeVisible()
  await expectAccessible(page, 'main')

  await page.getByRole('button', { name: 'Send Email' }).click()
  await expect(page.getByText('Missing required fields', { exact: true })).toBeVisible()
  await expect(
    page.getByText('Please fill in recipient, subject, and message', { exact: true }),
  ).toBeVisible()

  const subject = unique('Journey report')
  await page.getByLabel('To', { exact: true }).fill('sam.rivera@inkwell.demo')
  await page.getByLabel('Subject', { exact: true }).fill(subject)
  await page
    .getByLabel('Message', { exact: true })
    .fill('Hi Sam,\n\nThe report is attached.\n\nAlex')
  const input = page.getByLabel('Attach files')
  await input.setInputFiles({
    name: 'report.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('quarterly numbers\n'),
  })
  await expect(page.getByRole('list', { name: 'Attachments' })).toContainText('report.txt')

  // Over Gmail's 25 MB is refused up front, and the list keeps what it had.
  await input.setInputFiles({
    name: 'huge.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(26 * 1024 * 1024),
  })
  await expect(page.getByText('Attachments too large', { exact: true })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Attachments' })).not.toContainText('huge.bin')

  await input.setInputFiles({
    name: 'extra.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('remove me'),
  })
  await page.getByRole('button', { name: 'Remove extra.txt' }).click()
  await expect(page.getByRole('list', { name: 'Attachments' })).not.toContainText('extra.txt')

  await page.getByRole('button', { name: 'Save Draft' }).click()
  await expect(page.getByText('Draft saved', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Send Email' }).click()
  await expect(page.getByText('Email sent', { exact: true })).toBeVisible(SENT)
  await expect(page.getByLabel('To', { exact: true })).toHaveValue('')
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('')
  await expect(page.getByRole('list', { name: 'Attachments' })).toHaveCount(0)

  // The sent mail is in Gmail, attachment included: find it across all mail.
  await page.goto('/inbox')
  await page.getByPlaceholder('Search emails...').fill(subject)
  await page.getByPlaceholder('Search emails...').press('Enter')
  await expect(rows(page)).toHaveCount(1)
  await rows(page).first().getByRole('button').first().click()
  await expect(subjectHeading(page)).toHaveText(subject)
  const attachment = page
    .getByRole('list', { name: 'Attachments' })
    .getByRole('link', { name: /report\.txt/ })
  await expect(attachment).toHaveAttribute(
    'href',
    /\/api\/gmail\/messages\/.+\/attachments\/.+filename=report\.txt/,
  )
  const download = await page.request.get((await attachment.getAttribute('href')) ?? '')
  expect(await download.text()).toBe('quarterly numbers\n')
})

test('search filters the loaded threads, and Search all mail finds archived ones', async ({
  page,
}) => {
  await openInbox(page)
  const search = page.getByPlaceholder('Search emails...')

  const first = await describeRow(rows(page).first())
  await search.fill(first.subject.toUpperCase())
  await expect(page.getByTestId('thread-count')).toHaveText(
    /^[\d,]+ of [\d,]+ conversations?( loaded)?$/,
  )
  await expect(rowById(page, first.id)).toBeVisible()

  await search.fill('no thread is called this zq9x')
  await expect(page.getByText('No emails match your search')).toBeVisible()
  await search.fill('')

  const target = await describeRow(rows(page).nth(4))
  await rows(page)
    .nth(4)
    .getByRole('button', { name: /^Quick actions/ })
    .click()
  await page.getByRole('menuitem', { name: 'Archive' }).click()
  await expect(rowById(page, target.id)).toHaveCount(0)

  await search.fill(target.subject)
  await expect(rowById(page, target.id)).toHaveCount(0)
  await page.getByRole('button', { name: 'Search all mail' }).click()
  await expect(page.getByTestId('thread-count')).toHaveText(/found in all mail/)
  await expect(rowById(page, target.id)).toBeVisible()
  await page.getByRole('button', { name: 'Back to inbox' }).click()
  await expect(rowById(page, target.id)).toHaveCount(0)
})

test('keyboard: j/k move, o opens, e archives, ? lists the shortcuts, / searches, c composes', async ({
  page,
}) => {
  await openInbox(page)
  await page.keyboard.press('j')
  await expect(rows(page).first()).toHaveAttribute('data-active', 'true')
  await page.keyboard.press('j')
  await page.keyboard.press('j')
  await page.keyboard.press('k')
  const second = rows(page).nth(1)
  await expect(second).toHaveAttribute('data-active', 'true')
  const target = await describeRow(second)
  const targetName = await latestSenderOf(page, target.id)

  await page.keyboard.press('o')
  await expect(page).toHaveURL(new RegExp(`thread=${target.id}`))
  await expect(subjectHeading(page)).toHaveText(target.subject)
  // The focus goes to the conversation, and back to its row when it closes.
  await expect(subjectHeading(page)).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page).not.toHaveURL(/thread=/)
  await expect(rowById(page, target.id).getByRole('button').first()).toBeFocused()
  await page.keyboard.press('o')
  await expect(subjectHeading(page)).toBeFocused()

  await page.keyboard.press('e')
  await expect(page.getByText(`Archived email from ${targetName}`, { exact: true })).toBeVisible()
  await expect(rowById(page, target.id)).toHaveCount(0)
  await expect(page).not.toHaveURL(new RegExp(`thread=${target.id}`))

  await page.keyboard.press('?')
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText('Reply all')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)

  await page.keyboard.press('/')
  const search = page.getByPlaceholder('Search emails...')
  await expect(search).toBeFocused()
  // While typing, letters are letters.
  await page.keyboard.type('je')
  await expect(search).toHaveValue('je')
  await search.press('Escape')

  await page.keyboard.press('c')
  await expect(page).toHaveURL(/\/compose$/)
})

test('on a phone the list and the conversation are separate views', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await openInbox(page)
  const first = await describeRow(rows(page).first())
  await rows(page).first().getByRole('button').first().click()
  await expect(subjectHeading(page)).toHaveText(first.subject)
  // The list is out of sight; the page keeps an h1 for those who move by headings.
  await expect(page.getByRole('region', { name: 'Inbox', exact: true })).toBeHidden()
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox', exact: true })).toHaveCount(1)
  await page.getByRole('button', { name: 'Back to inbox' }).click()
  await expect(page.getByRole('region', { name: 'Inbox', exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Inbox', exact: true })).toBeVisible()
  await expect(subjectHeading(page)).toHaveCount(0)
})

test('a 401 from the thread list asks to connect Gmail', async ({ page }) => {
  await page.route(
    (url) => url.pathname === '/api/gmail/threads',
    (route) =>
      route.fulfill({
        status: 401,
        json: { error: { code: 'gmail_not_connected', message: 'Gmail is not connected' } },
      }),
  )
  await signIn(page, ALEX.email)
  await expect(page.getByRole('heading', { name: 'Connect Gmail Account' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Connect Gmail Account' })).toHaveAttribute(
    'href',
    '/auth/google',
  )
})

test('ten thousand threads: the list stays virtual, pages load on scroll, search covers them all', async ({
  page,
}) => {
  const thread = (i: number) => ({
    id: `bulk-${i}`,
    subject: i === 7777 ? 'The needle in the haystack' : `Bulk conversation ${i}`,
    snippet: `Snippet of conversation ${i}`,
    hasHtml: false,
    sender: { name: `Sender ${i % 97}`, email: `sender${i % 97}@bulk.test` },
    recipient: ALEX.email,
    cc: '',
    timestamp: new Date(Date.UTC(2025, 0, 1) - i * 60_000).toISOString(),
    labels: ['INBOX', ...(i % 3 === 0 ? ['UNREAD'] : [])],
    isUnread: i % 3 === 0,
    isStarred: false,
    headers: {
      from: '',
      to: ALEX.email,
      cc: '',
      bcc: '',
      date: '',
      subject: '',
      messageId: '',
      replyTo: '',
    },
    participants: [],
    messageCount: 1 + (i % 4),
    hasAttachments: i % 5 === 0,
  })
  const requested: string[] = []
  await page.route(
    (url) => url.pathname === '/api/gmail/threads',
    (route) => {
      const params = new URL(route.request().url()).searchParams
      // The server's search, as it answers the inbox's search box: the one thread that has it.
      const q = params.get('q')
      if (q) {
        const found = q === 'needle' ? [thread(7777)] : []
        const json = { threads: found, nextCursor: null, total: found.length }
        return route.fulfill({
          json: { ...json, syncing: false, syncError: null, skippedMessages: 0 },
        })
      }
      const cursor = params.get('cursor')
      requested.push(cursor ?? 'first')
      const from = cursor === 'second' ? 5000 : 0
      return route.fulfill({
        json: {
          threads: Array.from({ length: 5000 }, (_, i) => thread(from + i)),
          nextCursor: cursor === 'second' ? null : 'second',
          total: 10_000,
          syncing: false,
          syncError: null,
          skippedMessages: 0,
        },
      })
    },
  )
  await signIn(page, ALEX.email)
  await expect(page.getByTestId('thread-count')).toHaveText('10,000 conversations')
  expect(await rows(page).count()).toBeLessThan(60)

  const list = page.getByTestId('thread-list')
  await list.evaluate((el) => el.scrollTo(0, el.scrollHeight))
  await expect.poll(() => requested).toEqual(['first', 'second'])
  await list.evaluate((el) => el.scrollTo(0, el.scrollHeight))
  await expect(rowById(page, 'bulk-9999')).toBeVisible()
  expect(await rows(page).count()).toBeLessThan(60)

  await page.getByPlaceholder('Search emails...').fill('needle')
  await expect(page.getByTestId('thread-count')).toHaveText('1 of 10,000 conversations')
  await expect(rowById(page, 'bulk-7777')).toBeVisible()
})
