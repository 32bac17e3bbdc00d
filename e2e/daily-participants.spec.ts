import { expect, test } from '@playwright/test'
import { E2E_URL } from '../playwright.config'
import { SAM, signIn, unique } from './support'

/** Issue 11, point 1 (in part): a conversation you wrote last names its participants. */

type Detail = { messages: { id: string; sender: { name: string; email: string } }[] }

test('after you reply, the list names the conversation\'s participants ("Ben, me"), not only you', async ({
  page,
}) => {
  test.slow()
  await signIn(page)
  await page.goto('/inbox')
  const rows = page.getByTestId('thread-row')
  await expect(rows.first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('syncing')).toHaveCount(0, { timeout: 60_000 })

  const id = (await rows.nth(3).getAttribute('data-thread-id'))!
  const detail = (await (await page.request.get(`/api/gmail/threads/${id}`)).json()) as Detail
  const latest = detail.messages.at(-1)!
  const other = detail.messages.find((m) => m.sender.email !== SAM.email)!.sender
  const sent = await page.request.post('/api/gmail/send', {
    data: {
      to: latest.sender.email === SAM.email ? other.email : latest.sender.email,
      subject: 'Re: reply',
      body: unique('Thanks, all clear'),
      threadId: id,
      replyToMessageId: latest.id,
    },
    headers: { origin: E2E_URL },
  })
  expect(sent.status()).toBe(200)

  await page.reload()
  const row = page.locator(`[data-testid="thread-row"][data-thread-id="${id}"]`)
  const first = other.name.split(/\s+/)[0] || other.email
  const senders = row.getByTestId('row-senders')
  // Everyone who wrote, by first name, the user as "me" (in any order).
  await expect(senders).toHaveText(new RegExp(`^(?=.*\\b${first}\\b)(.*, )?me(, .*)?$`))
  // The senders, not the whole row: a subject may hold the address (a calendar invitation's).
  await expect(senders).not.toContainText(SAM.name)
  await expect(senders).not.toContainText(SAM.email)

  // Issue 25: the row's accessible name says what it shows, and the viewer names the user's
  // own message by their display name, not their address.
  const shown = (await senders.textContent()) ?? ''
  const label = (await row.getByRole('button').first().getAttribute('aria-label')) ?? ''
  expect(label.replace(/^Unread, /, '').startsWith(`${shown}: `)).toBe(true)
  await row.getByRole('button').first().click()
  await expect(page.getByTestId('message').last()).toHaveAttribute(
    'aria-label',
    `Message from ${SAM.name}`,
  )
})
