import { expect, test, type Page } from '@playwright/test'
import { recipientChips, SAM, SENT, signIn, unique } from './support'

/** Compose saves a Gmail draft as you type; Drafts lists and reopens it; leaving unsaved asks. */

// Autosave waits for a pause in typing, several times over: more than the default minute.
test.describe.configure({ timeout: 120_000 })

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' }).first()
const field = (page: Page, name: string) => page.getByLabel(name, { exact: true })

/** Every dialog the page opens is recorded (and dismissed, so the user stays). */
function recordDialogs(page: Page) {
  const seen: string[] = []
  page.on('dialog', (dialog) => {
    seen.push(dialog.type())
    void dialog.dismiss()
  })
  return seen
}

test('Compose autosaves a Gmail draft; Drafts lists it and reopens it to go on writing', async ({
  page,
}) => {
  const dialogs = recordDialogs(page)
  await signIn(page)
  await sidebar(page).getByRole('link', { name: 'Compose', exact: true }).click()
  const subject = unique('Autosaved plan')
  await field(page, 'To').fill(SAM.email)
  await field(page, 'Subject').fill(subject)
  await field(page, 'Message').fill('First thoughts on the plan.')
  const notes = 'Figures for the plan\nQ1: 12\nQ2: 19\n'
  await page
    .getByLabel('Attach files')
    .setInputFiles([{ name: 'plan-notes.txt', mimeType: 'text/plain', buffer: Buffer.from(notes) }])
  // No Save Draft click: a pause in typing saves it.
  await expect(page.getByTestId('draft-status')).toHaveText('Saved', { timeout: 15_000 })

  // Saved text leaves without asking.
  await sidebar(page)
    .getByRole('link', { name: /^Drafts/ })
    .click()
  await expect(page).toHaveURL(/\/drafts$/)
  expect(dialogs).toEqual([])
  await expect(page.getByRole('heading', { name: 'Drafts', level: 1 })).toBeVisible()
  const row = page.getByTestId('draft-row').filter({ hasText: subject })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('First thoughts on the plan.')
  // Named as it reads, the user's own address as "me" (issue 25).
  await expect(row.getByTestId('draft-to')).toHaveText('Draft to me')
  await expect(sidebar(page).getByLabel(/^\d+ drafts$/)).toBeVisible()

  await row.getByRole('button', { name: `Draft to me: ${subject}` }).click()
  await expect(page).toHaveURL(/\/compose$/)
  await expect(field(page, 'Subject')).toHaveValue(subject)
  await expect(recipientChips(page, 'To')).toHaveCount(1)
  await expect(recipientChips(page, 'To').first()).toHaveAttribute('title', SAM.email)
  // The draft's file comes back with it, and goes on with every save.
  const chips = page.getByRole('list', { name: 'Attachments' })
  await expect(chips.getByRole('listitem')).toHaveCount(1)
  await expect(chips).toContainText('plan-notes.txt')
  await expect(chips).not.toContainText('Loading')
  const body = field(page, 'Message')
  await expect(body).toHaveValue('First thoughts on the plan.')
  await body.press('End')
  await body.pressSequentially(' And a second one.')
  await expect(page.getByTestId('draft-status')).toHaveText('Saved', { timeout: 15_000 })

  // Still one draft: the reopened one was updated, not copied.
  await sidebar(page)
    .getByRole('link', { name: /^Drafts/ })
    .click()
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('And a second one.')

  // Sending it leaves no draft behind, and the file goes with it.
  await row.getByRole('button', { name: `Draft to me: ${subject}` }).click()
  await expect(chips).toContainText('plan-notes.txt')
  await expect(chips).not.toContainText('Loading')
  await page.getByRole('button', { name: 'Send Email' }).click()
  await expect(page.getByText('Email sent', { exact: true })).toBeVisible(SENT)
  await sidebar(page)
    .getByRole('link', { name: /^Drafts/ })
    .click()
  await expect(page.getByRole('heading', { name: 'Drafts', level: 1 })).toBeVisible()
  await expect(page.getByTestId('draft-row').filter({ hasText: subject })).toHaveCount(0)
  expect(dialogs).toEqual([])

  // The message as Gmail has it: the file, byte for byte, once.
  await page.goto('/inbox')
  await page.getByPlaceholder('Search emails...').fill(subject)
  await page.getByPlaceholder('Search emails...').press('Enter')
  await expect(page.getByTestId('thread-row')).toHaveCount(1)
  await page.getByTestId('thread-row').first().getByRole('button').first().click()
  const files = page.getByTestId('message').last().getByRole('list', { name: 'Attachments' })
  await expect(files.getByRole('link')).toHaveCount(1)
  const sent = files.getByRole('link', { name: /plan-notes\.txt/ })
  const download = await page.request.get((await sent.getAttribute('href')) ?? '')
  expect(await download.text()).toBe(notes)
})

test('a draft can be deleted from Drafts', async ({ page }) => {
  await signIn(page)
  const subject = unique('Draft to delete')
  await page.goto('/compose')
  // Opened by its URL, a new message still starts with the Gmail signature (the demo's).
  await expect(field(page, 'Message')).toHaveValue(`\n\n-- \n${SAM.name}\nInkwell demo`)
  await field(page, 'Subject').fill(subject)
  await page.getByRole('button', { name: 'Save Draft' }).click()
  await expect(page.getByText('Draft saved', { exact: true })).toBeVisible()

  await sidebar(page)
    .getByRole('link', { name: /^Drafts/ })
    .click()
  const row = page.getByTestId('draft-row').filter({ hasText: subject })
  await expect(row).toHaveCount(1)
  await row.getByRole('button', { name: `Delete draft: ${subject}` }).click()
  await expect(page.getByText('Draft deleted', { exact: true })).toBeVisible()
  await expect(row).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Drafts', level: 1 })).toBeVisible()
  await expect(page.getByTestId('draft-row').filter({ hasText: subject })).toHaveCount(0)
})

test('leaving Compose with unsaved text asks first: a sidebar link, Back and reload', async ({
  page,
}) => {
  const dialogs = recordDialogs(page)
  await signIn(page)
  await sidebar(page).getByRole('link', { name: 'Compose', exact: true }).click()
  // Not an address: autosave refuses it, so the text stays unsaved and says why.
  await field(page, 'To').fill('not-an-email')
  await field(page, 'Message').fill('Words I do not want to lose')
  await expect(page.getByTestId('draft-status')).toHaveText(
    'Not saved: To: recipient is not an e-mail address',
  )

  await sidebar(page)
    .getByRole('link', { name: /^Inbox/ })
    .click()
  await expect.poll(() => dialogs.length).toBe(1)
  await expect(page).toHaveURL(/\/compose$/)
  await expect(field(page, 'Message')).toHaveValue('Words I do not want to lose')

  await page.goBack()
  await expect.poll(() => dialogs.length).toBe(2)
  await expect(page).toHaveURL(/\/compose$/)
  await expect(field(page, 'Message')).toHaveValue('Words I do not want to lose')

  void page.reload().catch(() => undefined)
  await expect.poll(() => dialogs.length).toBe(3)
  expect(dialogs).toEqual(['confirm', 'confirm', 'beforeunload'])
  await expect(field(page, 'Message')).toHaveValue('Words I do not want to lose')

  // Confirmed, the link is followed.
  page.removeAllListeners('dialog')
  page.once('dialog', (dialog) => void dialog.accept())
  await sidebar(page)
    .getByRole('link', { name: /^Inbox/ })
    .click()
  await expect(page).toHaveURL(/\/inbox$/)
})

test('Settings save each change by themselves: leaving right after asks nothing, and it stays', async ({
  page,
}) => {
  const dialogs = recordDialogs(page)
  await signIn(page)
  await page.goto('/settings')
  // The first visit loads the screen's code.
  await expect(page.getByTestId('settings-apply-hint')).toHaveText(
    'Changes apply at once and are saved automatically.',
    { timeout: 30_000 },
  )
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0)

  const compact = page.getByRole('switch', { name: 'Compact view' })
  const wasCompact = (await compact.getAttribute('aria-checked')) === 'true'
  await compact.click()
  // Leaving at once: nothing asks, and the change is not lost.
  await sidebar(page).getByRole('link', { name: 'Contacts', exact: true }).click()
  await expect(page).toHaveURL(/\/contacts$/)
  expect(dialogs).toEqual([])
  const stored = async () =>
    ((await (await page.request.get('/api/user/settings')).json()) as { compactView: boolean })
      .compactView
  await expect.poll(stored).toBe(!wasCompact)

  // It survives a reload; put back as it was, which saves itself too.
  await page.goto('/settings')
  await page.reload()
  await expect(compact).toHaveAttribute('aria-checked', String(!wasCompact))
  await compact.click()
  await expect(page.getByTestId('settings-save-status')).toHaveText('Saved')
  await expect.poll(stored).toBe(wasCompact)
  expect(dialogs).toEqual([])
})
