import { expect, test, type Page } from '@playwright/test'
import { E2E_URL } from '../playwright.config'
import { expectAccessible, recipientChips, SENT, signIn, unique } from './support'

/** Issue 11, point 2: To, Cc and Bcc are chips with suggestions; a bad address never leaves. */

const to = (page: Page) => page.getByLabel('To', { exact: true })
const chips = recipientChips

/** Pastes `text` into the focused field as the clipboard would. */
async function paste(page: Page, text: string) {
  await page.evaluate((value) => {
    const data = new DataTransfer()
    data.setData('text/plain', value)
    const event = new ClipboardEvent('paste', {
      clipboardData: data,
      bubbles: true,
      cancelable: true,
    })
    document.activeElement!.dispatchEvent(event)
  }, text)
}

test('addresses are chips: suggested, pasted, removed from the keyboard, and checked before sending', async ({
  page,
}) => {
  test.slow()
  await signIn(page)
  const word = unique('Quill').split(' ')[1]!
  const contact = { name: `Bernadette ${word}`, email: `bq.${word}@example.com` }
  const created = await page.request.post('/api/contacts', {
    data: contact,
    headers: { origin: E2E_URL },
  })
  expect(created.status()).toBe(201)

  await page.goto('/compose')
  await expect(to(page)).toBeFocused()
  // Cc and Bcc stay folded until asked for.
  await expect(page.getByLabel('Cc', { exact: true })).toHaveCount(0)
  await expect(page.getByLabel('Bcc', { exact: true })).toHaveCount(0)

  // A saved contact is suggested as the name is typed, and chosen from the keyboard.
  await to(page).pressSequentially(word.slice(0, 6))
  const option = page.getByRole('option', { name: new RegExp(contact.name) })
  await expect(option).toBeVisible()
  await expect(to(page)).toHaveAttribute('aria-expanded', 'true')
  await expect(option).toHaveAttribute('aria-selected', 'true')
  await expectAccessible(page, 'main')
  await to(page).press('Enter')
  await expect(chips(page, 'To')).toHaveCount(1)
  await expect(chips(page, 'To').first()).toHaveText(contact.name)
  await expect(to(page)).toHaveValue('')

  // Several addresses pasted at once become several chips.
  await paste(page, 'kim@example.com, Lee Park <lee@example.com>')
  await expect(chips(page, 'To')).toHaveCount(3)
  await expect(chips(page, 'To').nth(2)).toHaveText('Lee Park')

  // Backspace in the empty field takes the last chip; a chip's own button takes itself.
  await to(page).press('Backspace')
  await expect(chips(page, 'To')).toHaveCount(2)
  await to(page).press('ArrowLeft')
  await expect(page.getByRole('button', { name: 'Remove kim@example.com' })).toBeFocused()
  await page.keyboard.press('Delete')
  await expect(chips(page, 'To')).toHaveCount(1)
  await expect(to(page)).toBeFocused()

  // What is not an address is marked on its field, and nothing is sent.
  await to(page).pressSequentially('not-an-email')
  await to(page).press('Enter')
  await expect(to(page)).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('“not-an-email” is not an e-mail address')).toBeVisible()
  const subject = unique('Address check')
  await page.getByLabel('Subject', { exact: true }).fill(subject)
  await page.getByLabel('Message', { exact: true }).fill('Checking the fields.')
  await page.getByRole('button', { name: 'Send Email' }).click()
  await expect(page.getByText('Failed to send email', { exact: true })).toBeVisible()
  await expect(page.getByText('Email sent', { exact: true })).toHaveCount(0)

  await to(page).press('Backspace')
  await expect(to(page)).not.toHaveAttribute('aria-invalid', 'true')

  // Cc opens when asked for, focused; Tab turns what was typed into a chip.
  await page.getByRole('button', { name: 'Add Cc recipients' }).click()
  const cc = page.getByLabel('Cc', { exact: true })
  await expect(cc).toBeFocused()
  await cc.pressSequentially('cc.person@example.com')
  await cc.press('Tab')
  await expect(chips(page, 'Cc')).toHaveText(['cc.person@example.com'])
  await expect(page.getByLabel('Bcc', { exact: true })).toHaveCount(0)

  await page.getByRole('button', { name: 'Send Email' }).click()
  await expect(page.getByText('Email sent', { exact: true })).toBeVisible(SENT)
})
