import { expect, test } from '@playwright/test'
import { E2E_URL } from '../playwright.config'
import { signIn, unique } from './support'

/** Issue 11, point 8: the small things a mail client is judged by. */

test('links in plain-text mail open in a new tab; star buttons say which thread; a skip link leads to the content', async ({
  page,
}) => {
  test.slow()
  await signIn(page)

  // A skip link is the first stop of the keyboard, and it leads past the menu. (Once the
  // inbox has drawn: a Tab pressed while the screen's code still loads lands wherever that
  // moment's page had focus.)
  await page.goto('/inbox')
  const row = page.getByTestId('thread-row').first()
  await expect(row).toBeVisible({ timeout: 30_000 })
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('main')).toBeFocused()

  const label = (await row.getByRole('button').first().getAttribute('aria-label'))!.replace(
    /^Unread, /,
    '',
  )
  // "Ana: Plan", or "To: Ana: Plan" when only the user wrote (issue 25).
  const subject = label.slice(label.indexOf(': ', label.startsWith('To: ') ? 4 : 0) + 2)
  await expect(row.getByRole('button', { name: /^(Star|Unstar): / })).toHaveAccessibleName(
    new RegExp(`^(Star|Unstar): ${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  )

  // A plain-text message of our own, with a link in a sentence.
  const title = unique('Link check')
  const sent = await page.request.post('/api/gmail/send', {
    data: {
      to: 'sam.rivera@inkwell.demo',
      subject: title,
      body: 'The notes are at https://example.com/notes?id=7. See you.',
    },
    headers: { origin: E2E_URL },
  })
  expect(sent.status()).toBe(200)
  const { threadId } = (await sent.json()) as { threadId: string }
  await page.goto(`/inbox?thread=${threadId}`)
  const link = page.getByTestId('message-text').getByRole('link', {
    name: 'https://example.com/notes?id=7',
  })
  await expect(link).toHaveAttribute('href', 'https://example.com/notes?id=7')
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
})
