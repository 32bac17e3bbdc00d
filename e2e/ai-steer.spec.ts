import { expect, test, type Page } from '@playwright/test'
import { expectAccessible, SAM, signIn, unique } from './support'

/**
 * Issue 23 on the web, against the demo's offline writer: Smart Reply offers three replies
 * before writing anything, a pick writes that reply, Shorter rewrites it shorter; Compose's
 * Write with AI fills an empty Subject. Runs as Sam, who spends 3 of the e2e server's 6 Free
 * credits here and none elsewhere (the other AI journeys run as Alex and Jordan).
 */

const rows = (page: Page) => page.getByTestId('thread-row')

async function openInbox(page: Page) {
  await signIn(page, SAM.email)
  await expect(page.getByRole('heading', { name: 'Inbox', exact: true })).toBeVisible()
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('syncing')).toHaveCount(0, { timeout: 60_000 })
}

test('Smart Reply: three options before anything is written, a pick writes it, Shorter shortens it', async ({
  page,
}, testInfo) => {
  // The first sync of the demo mailbox comes first; on a loaded machine it takes a while.
  test.slow()
  await openInbox(page)

  // A conversation with someone else: Smart Reply answers its latest message.
  let opened = false
  for (let i = 0; i < 10 && !opened; i++) {
    const label = (await rows(page).nth(i).getByRole('button').first().getAttribute('aria-label'))!
    // A row names the user "me" ("Ana, me" when both wrote; "To: Ana" when only they did,
    // issue 25).
    const who = label.replace(/^Unread, /, '').split(': ')[0]!
    if (who === 'To') continue
    if (who === 'me' || who.split(', ').includes('me') || who === SAM.name) continue
    await rows(page).nth(i).getByRole('button').first().click()
    opened = true
  }
  expect(opened).toBe(true)
  await expect(page.getByTestId('thread-subject')).toBeVisible()
  await page.getByRole('button', { name: 'Smart Reply', exact: true }).click()

  const dialog = page.getByRole('dialog', { name: 'Smart AI Reply' })
  const options = dialog.getByRole('group', { name: 'Suggested replies' })
  const chips = options.getByRole('button')
  await expect(chips).toHaveCount(3)
  for (const chip of await chips.all()) await expect(chip).not.toHaveText('')
  // Nothing is written before the user chooses.
  await expect(dialog.getByLabel('Your reply')).toHaveCount(0)
  await expectAccessible(page, '[role="dialog"]')
  await page.screenshot({ path: testInfo.outputPath('smart-reply-options.png') })

  const picked = (await chips.first().getAttribute('title'))!
  await chips.first().click()
  await expect(dialog.getByLabel('What should the reply say?')).toHaveValue(picked)
  const reply = dialog.getByLabel('Your reply')
  await expect(reply).not.toHaveValue('')
  await expect(reply).toHaveAttribute('aria-busy', 'false')
  const status = dialog.getByTestId('ai-status')
  await expect(status).toHaveText(/^1 credit used · \d+ left$/)
  await expect(dialog.getByText('Offline writer', { exact: true })).toBeVisible()
  const written = await reply.inputValue()

  const refine = dialog.getByRole('group', { name: 'Refine the reply' })
  await refine.getByRole('button', { name: 'Shorter' }).click()
  await expect(reply).not.toHaveValue(written)
  await expect(reply).toHaveAttribute('aria-busy', 'false')
  const shorter = await reply.inputValue()
  expect(shorter.trim()).not.toBe('')
  // The rule: "Shorter" is at most 80% of the length.
  expect(shorter.length).toBeLessThanOrEqual(Math.floor(written.length * 0.8))
  await expect(status).toHaveText(/^1 credit used · \d+ left$/)
  await expectAccessible(page, '[role="dialog"]')
  await page.screenshot({ path: testInfo.outputPath('smart-reply-shorter.png') })
})

test('Compose: Write with AI fills an empty Subject with the draft’s subject', async ({
  page,
}, testInfo) => {
  await signIn(page, SAM.email)
  const name = unique('Priya')
  const email = `${name.split(' ')[1]}@example.com`
  const created = await page.evaluate(
    async (body) =>
      (
        await fetch('/api/contacts', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    { name, email },
  )
  expect(created).toBe(201)

  await page.goto('/compose')
  const panel = page.getByRole('complementary', { name: 'Assistants' })
  await panel.getByLabel('Quick pick').click()
  await page.getByRole('option', { name: new RegExp(name) }).click()
  const subject = page.getByLabel('Subject', { exact: true })
  await expect(subject).toHaveValue('')

  await panel.getByRole('button', { name: 'Write with AI' }).click()
  const dialog = page.getByRole('dialog', { name: 'Write with AI' })
  await dialog
    .getByLabel('What would you like to write about?')
    .fill('Ask for the signed contract by Friday and thank them for the meeting')
  await dialog.getByRole('button', { name: 'Generate' }).click()
  await expect(dialog).toBeHidden()

  const body = page.getByLabel('Message', { exact: true })
  await expect(panel.getByTestId('ai-status')).toHaveText(/^1 credit used · \d+ left$/)
  await expect(body).not.toHaveValue('')
  await expect(subject).not.toHaveValue('')
  // The subject is the mail's, not a line left at the top of the message.
  await expect(body).not.toHaveValue(/^Subject:/i)
  await expect(panel.getByRole('group', { name: 'Refine the e-mail' })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('compose-subject.png'), fullPage: true })
})
