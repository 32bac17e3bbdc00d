import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { DEFAULT_SETTINGS } from '../src/contract/settings-defaults'
import { expectAccessible, JORDAN, SAM, signIn } from './support'

/** Puts back the settings of a user who changed none, whatever an earlier run saved. */
async function resetSettings(page: Page) {
  const status = await page.evaluate(async (defaults) => {
    const response = await fetch('/api/user/settings', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(defaults),
    })
    return response.status
  }, DEFAULT_SETTINGS)
  expect(status).toBe(200)
}

async function openSettings(page: Page) {
  await page.goto('/settings')
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  // The preferences are there once the saved ones have loaded.
  await expect(page.getByTestId('settings-apply-hint')).toBeVisible()
}

/** The autosave's mark: each change is saved by itself a moment after it is made (issue 25). */
const saveMark = (page: Page) => page.getByTestId('settings-save-status')

test('preferences apply at once, save themselves and come back; no Save button', async ({
  page,
}) => {
  await signIn(page)
  await resetSettings(page)
  await openSettings(page)
  // Name and address come from Google: plain text, not fields that look editable.
  const profile = page.getByRole('region', { name: 'Profile' })
  await expect(profile.getByTestId('profile-name')).toHaveText(SAM.name)
  await expect(profile.getByTestId('profile-email')).toHaveText(SAM.email)
  await expect(profile.getByRole('textbox')).toHaveCount(0)

  await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0)
  await expect(page.getByTestId('settings-apply-hint')).toHaveText(
    'Changes apply at once and are saved automatically.',
  )
  await expectAccessible(page, 'main')
  await page.getByLabel('Email theme').click()
  await page.getByRole('option', { name: 'Colorful' }).click()
  await expect(page.getByLabel('Email theme')).toHaveText('Colorful')
  const compact = page.getByRole('switch', { name: 'Compact view' })
  await expect(compact).not.toBeChecked()
  await compact.click()
  await expect(compact).toBeChecked()
  const animations = page.getByRole('switch', { name: 'Animations' })
  await animations.click()
  // Animations off takes effect on the page at once, and the change saves itself.
  await expect(page.locator('html')).toHaveClass(/reduce-motion/)
  await expect(saveMark(page)).toHaveText('Saved')

  // Where archive and delete go, a select like the others.
  const afterArchive = page.getByLabel('After archiving or deleting')
  await expect(afterArchive).toHaveText('Go back to the list')
  await afterArchive.click()
  await page.getByRole('option', { name: 'Open the next conversation' }).click()
  await expect(afterArchive).toHaveText('Open the next conversation')
  await expect(saveMark(page)).toHaveText('Saved')
  // Saved by itself (the mark may still show the last save's while this one waits its moment).
  await expect
    .poll(async () => (await page.request.get('/api/user/settings')).json())
    .toMatchObject({
      afterArchive: 'next',
      compactView: true,
      animationsEnabled: false,
      emailTheme: 'colorful',
    })

  await page.reload()
  await expect(page.getByLabel('Email theme')).toHaveText('Colorful')
  await expect(page.getByRole('switch', { name: 'Compact view' })).toBeChecked()
  await expect(page.getByRole('switch', { name: 'Animations' })).not.toBeChecked()
  await expect(page.locator('html')).toHaveClass(/reduce-motion/)
  await expect(page.getByLabel('After archiving or deleting')).toHaveText(
    'Open the next conversation',
  )

  // Dark mode is a device preference, applied at once too.
  const html = page.locator('html')
  await expect(html).not.toHaveClass(/\bdark\b/)
  await page.getByRole('switch', { name: 'Dark mode' }).click()
  await expect(html).toHaveClass(/\bdark\b/)
  await expect(page.getByRole('button', { name: 'Use dark theme' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await page.getByRole('button', { name: 'Use light theme' }).click()
  await expect(html).not.toHaveClass(/\bdark\b/)
  await expect(page.getByRole('switch', { name: 'Dark mode' })).not.toBeChecked()
  await resetSettings(page)
})

test('returning from connecting Gmail says so and cleans the address', async ({ page }) => {
  await signIn(page)
  await page.goto('/settings?gmail_connected=true')
  await expect(page.getByText('Gmail connected', { exact: true })).toBeVisible()
  await expect(page).toHaveURL(/\/settings$/)
  await expect(page.getByRole('region', { name: 'Gmail Integration' })).toContainText('Connected')
})

test('Export Data downloads a JSON file of the account', async ({ page }) => {
  await signIn(page)
  await openSettings(page)
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export Data' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^inkwell-export-\d{4}-\d{2}-\d{2}\.json$/)
  const path = await download.path()
  const data = JSON.parse(await readFile(path, 'utf8')) as { profile: { email: string } }
  expect(data.profile.email).toBe(SAM.email)
  expect(JSON.stringify(data)).not.toMatch(/token/i)
})

test("Sign out of all devices ends the other browser's session too", async ({ page, browser }) => {
  const otherDevice = await browser.newContext()
  try {
    const otherPage = await otherDevice.newPage()
    await signIn(otherPage)
    await signIn(page)
    await openSettings(page)
    await page.getByRole('button', { name: 'Sign out of all devices' }).click()
    const dialog = page.getByRole('dialog', { name: 'Sign out of all devices' })
    await expectAccessible(page, '[role="dialog"]')
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click()

    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByText('Signed out of all devices', { exact: true })).toBeVisible()
    await otherPage.goto('/contacts')
    await expect(otherPage).toHaveURL(/\/auth\?next=%2Fcontacts$/)
  } finally {
    await otherDevice.close()
  }
})

// On the spare account: what it deletes reaches no other journey.
test('Delete Account asks for DELETE, ends signed out, and the next sign-in is a fresh account', async ({
  page,
}) => {
  await signIn(page, JORDAN.email)
  // Something to lose: a contact.
  const created = await page.evaluate(async () => {
    const response = await fetch('/api/contacts', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Doomed Contact', email: `doomed.${Date.now()}@example.com` }),
    })
    return response.status
  })
  expect(created).toBe(201)

  await openSettings(page)
  await page.getByRole('button', { name: 'Delete Account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete Account' })
  const confirm = dialog.getByRole('button', { name: 'Delete Account' })
  await expect(confirm).toBeDisabled()
  await expectAccessible(page, '[role="dialog"]')
  await dialog.getByLabel('Type DELETE to confirm').fill('delete')
  await expect(confirm).toBeDisabled()
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE')
  await confirm.click()

  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible()
  await expect(page.getByText('Your account has been deleted.', { exact: true })).toBeVisible()
  await page.goto('/contacts')
  await expect(page).toHaveURL(/\/auth\?next=%2Fcontacts$/)

  await signIn(page, JORDAN.email)
  await page.goto('/contacts')
  await expect(page.getByText('No contacts yet')).toBeVisible()
  await openSettings(page)
  await expect(page.getByRole('switch', { name: 'Compact view' })).not.toBeChecked()
  await expect(page.getByLabel('Email theme')).toHaveText('Minimal')
})

test('the email theme shapes the inbox: compact rows, colour accents, or clean rows', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signIn(page, 'alex.morgan@inkwell.demo')
  const rows = page.getByTestId('thread-row')
  const chooseTheme = async (name: 'Minimal' | 'Compact' | 'Colorful') => {
    await page.goto('/settings')
    await page.getByLabel('Email theme').click()
    await page.getByRole('option', { name }).click()
    await expect(page.getByLabel('Email theme')).toHaveText(name)
    // Saved by itself; already the saved theme (Minimal is the default), nothing is sent.
    const stored = async () =>
      ((await (await page.request.get('/api/user/settings')).json()) as { emailTheme: string })
        .emailTheme
    await expect.poll(stored).toBe(name.toLowerCase())
    await page.goto('/inbox')
    await expect(rows.first()).toBeVisible({ timeout: 30_000 })
  }
  const rowHeight = async () => (await rows.first().boundingBox())!.height

  await chooseTheme('Minimal')
  await expect(rows.first()).toHaveAttribute('data-email-theme', 'minimal')
  await expect(page.getByTestId('sender-accent')).toHaveCount(0)
  const roomy = await rowHeight()

  await chooseTheme('Compact')
  await expect(rows.first()).toHaveAttribute('data-email-theme', 'compact')
  expect(await rowHeight()).toBeLessThan(roomy)

  await chooseTheme('Colorful')
  await expect(rows.first()).toHaveAttribute('data-email-theme', 'colorful')
  expect(await rowHeight()).toBe(roomy)
  // Each sender's colour on its rows' edge.
  await expect(rows.first().getByTestId('sender-accent')).toBeVisible()
  const first = await rows.first().getAttribute('data-thread-id')
  await expectAccessible(page, `[data-thread-id="${first}"]`)

  await chooseTheme('Minimal')
})
