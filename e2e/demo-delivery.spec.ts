import { expect, test, type Page } from '@playwright/test'
import { E2E_URL } from '../playwright.config'
import { SAM, signIn, unique } from './support'

/**
 * Mail between demo accounts arrives (issue 25): Alex writes to Sam in one browser, and Sam's
 * open inbox, in another, shows it by itself — no Refresh — with the desktop notice, as mail
 * from anyone would arrive (the stand-in delivers it and pushes, decision 037).
 */

const ALEX = 'alex.morgan@inkwell.demo'
const field = (page: Page, name: string) => page.getByLabel(name, { exact: true })

/** Records each desktop notification the page creates (the browser's own shows nothing here). */
async function recordNotifications(page: Page) {
  await page.addInitScript(() => {
    const shown: { title: string; body: string }[] = []
    const Native = window.Notification
    class Recorded extends Native {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options)
        shown.push({ title, body: options?.body ?? '' })
      }
    }
    Object.defineProperty(window, 'Notification', { value: Recorded })
    Object.defineProperty(window, '__notifications', { value: shown })
  })
}

const shownNotifications = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __notifications: { title: string; body: string }[] }).__notifications,
  )

test("a message Alex sends Sam appears in Sam's open inbox by itself", async ({ browser }) => {
  test.setTimeout(150_000)
  const samContext = await browser.newContext()
  const alexContext = await browser.newContext()
  try {
    await samContext.grantPermissions(['notifications'], { origin: E2E_URL })
    const sam = await samContext.newPage()
    await recordNotifications(sam)
    await signIn(sam, SAM.email)
    await expect(sam.getByTestId('thread-row').first()).toBeVisible({ timeout: 30_000 })
    await expect(sam.getByTestId('syncing')).toHaveCount(0, { timeout: 60_000 })

    const alex = await alexContext.newPage()
    await signIn(alex, ALEX)
    await alex
      .getByRole('navigation', { name: 'Main' })
      .first()
      .getByRole('link', { name: 'Compose', exact: true })
      .click()
    const subject = unique('Coffee tomorrow?')
    await field(alex, 'To').fill(SAM.email)
    await field(alex, 'Subject').fill(subject)
    await field(alex, 'Message').fill('Ten o’clock at the usual place?')
    await alex.getByRole('button', { name: 'Send Email' }).click()

    // Sam does nothing: the row comes within seconds (the Undo send window, then the push),
    // well before the open app's 30-second poll would have found it.
    const row = sam.getByTestId('thread-row').filter({ hasText: subject })
    await expect(row).toHaveCount(1, { timeout: 25_000 })
    await expect(row).toContainText('Alex Morgan')
    await expect
      .poll(() => shownNotifications(sam))
      .toContainEqual({ title: 'Alex Morgan', body: subject })
  } finally {
    await samContext.close()
    await alexContext.close()
  }
})
