import { expect, test } from '@playwright/test'
import { expectAccessible, signIn } from './support'

const ALEX = { name: 'Alex Morgan', email: 'alex.morgan@inkwell.demo' }
const REASON = 'Gmail answered with an error (HTTP 503).'

test('a failed sync shows why with Retry, and Retry syncs again', async ({ page }) => {
  // The demo's Gmail does not fail on demand: the list's answer says the last sync failed,
  // as the server says it after one, until the user's Retry (the real sync) has run.
  let retried = false
  await page.route('**/api/gmail/sync', async (route) => {
    retried = true
    await route.continue()
  })
  await page.route('**/api/gmail/threads?*', async (route) => {
    const answer = await route.fetch()
    const body = await answer.json()
    await route.fulfill({ response: answer, json: retried ? body : { ...body, syncError: REASON } })
  })

  await signIn(page, ALEX.email)
  const banner = page.getByRole('alert').filter({ hasText: 'Could not sync with Gmail' })
  await expect(banner).toContainText(REASON)
  await expect(banner).toContainText('The list shows your mail as of the last sync that worked.')
  await expect(page.getByTestId('thread-row').first()).toBeVisible()
  await expectAccessible(page, 'section[aria-label="Inbox"]')

  await banner.getByRole('button', { name: 'Retry' }).click()
  await expect(banner).toHaveCount(0)
  expect(retried).toBe(true)
})
