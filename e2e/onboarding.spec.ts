import { expect, test, type Page } from '@playwright/test'
import { E2E_URL } from '../playwright.config'
import { expectAccessible, JORDAN, onboardingDialog, signIn, signInAs } from './support'

/**
 * Issue 25: the first sign-in's onboarding, through every step with the keyboard, and once
 * only. Jordan, the spare account, starts over (Delete Account), so the next sign-in is a
 * first one whichever journeys ran before.
 */

const title = (page: Page) => page.getByRole('dialog').getByRole('heading', { level: 2 })

test('a first sign-in is onboarded: style learned, people set, Smart Reply tried, and only once', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  await signIn(page, JORDAN.email)
  const deleted = await page.request.delete('/api/user', {
    data: { confirm: 'DELETE' },
    headers: { origin: E2E_URL },
  })
  expect(deleted.status()).toBe(204)

  // A browser of its own: this page's sign-in skips the onboarding (support.ts).
  const context = await browser.newContext()
  try {
    const fresh = await context.newPage()
    await fresh.goto('/login')
    await signInAs(fresh, JORDAN.email, { onboarding: 'keep' })
    await expect(fresh).toHaveURL(/\/app$/)

    const dialog = onboardingDialog(fresh)
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText('Step 1 of 5')).toBeVisible()
    await expect(title(fresh)).toBeFocused()
    await expectAccessible(fresh, '[role="dialog"]')
    // Learning reads the cached sent mail: the first sync fills it behind the dialog.
    await expect(fresh.getByTestId('thread-row').first()).toBeVisible({ timeout: 30_000 })
    await expect(fresh.getByTestId('syncing')).toHaveCount(0, { timeout: 60_000 })

    // Enter goes on; ← comes back; → goes on again.
    await fresh.keyboard.press('Enter')
    await expect(title(fresh)).toHaveText('Learn my style from my sent mail')
    await fresh.keyboard.press('ArrowLeft')
    await expect(title(fresh)).toHaveText('Welcome to Inkwell')
    await fresh.keyboard.press('ArrowRight')
    await expect(title(fresh)).toHaveText('Learn my style from my sent mail')
    await expect(fresh.getByRole('dialog').getByText('Step 2 of 5')).toBeVisible()

    // One click: the sent mail is learned and saved as the default writing profile.
    await fresh.getByRole('button', { name: 'Learn my style' }).click()
    await expect(fresh.getByRole('dialog').getByText(/Learned from \d+ sent e-mails?/)).toBeVisible(
      {
        timeout: 30_000,
      },
    )
    await expect(fresh.getByRole('dialog')).toContainText('Saved as your default writing profile')
    const profiles = (await (await fresh.request.get('/api/writing-profiles')).json()) as {
      name: string
      isDefault: boolean
    }[]
    expect(profiles.find((p) => p.isDefault)?.name).toMatch(/learned from sent mail/)

    // The people Jordan writes to most, each with quick choices saved as their contact.
    await fresh.keyboard.press('ArrowRight')
    await expect(title(fresh)).toHaveText('Set how you write to the people you write to most')
    const people = fresh
      .getByRole('list', { name: 'People you write to most' })
      .getByRole('listitem')
    await expect(people.first()).toBeVisible({ timeout: 15_000 })
    expect(await people.count()).toBeLessThanOrEqual(3)
    const first = people.first()
    const tone = first.getByRole('combobox', { name: /^Tone for / })
    await tone.click()
    await fresh.getByRole('option', { name: 'Friendly' }).click()
    await expect(first.getByText('Saved', { exact: true })).toBeVisible()
    await expect(tone).toHaveText('Friendly')
    const contacts = (await (await fresh.request.get('/api/contacts')).json()) as {
      tone: string
    }[]
    expect(contacts.map((c) => c.tone)).toContain('friendly')
    await expectAccessible(fresh, '[role="dialog"]')

    // Smart Reply on a real conversation of the inbox.
    await title(fresh).focus()
    await fresh.keyboard.press('ArrowRight')
    await expect(title(fresh)).toHaveText('Try Smart Reply on a real message')
    await fresh.getByRole('button', { name: 'Try Smart Reply' }).click()
    await expect(fresh.getByRole('dialog', { name: 'Smart AI Reply' })).toBeVisible({
      timeout: 15_000,
    })
    await expect(fresh).toHaveURL(/[?&]thread=/)
    await expect(fresh).not.toHaveURL(/smart-reply/)
    await fresh.keyboard.press('Escape')
    await expect(fresh.getByRole('dialog')).toHaveCount(0)

    // Once only: a reload, and a new sign-in, do not bring it back.
    await fresh.reload()
    await expect(fresh.getByTestId('thread-row').first()).toBeVisible({ timeout: 30_000 })
    await expect(fresh.getByRole('dialog')).toHaveCount(0)

    // The Tutorial button restarts it at its first step; Esc skips it.
    await fresh.getByRole('complementary').getByRole('button', { name: 'Tutorial' }).click()
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText('Step 1 of 5')).toBeVisible()
    await fresh.keyboard.press('Escape')
    await expect(fresh.getByRole('dialog')).toHaveCount(0)
  } finally {
    await context.close()
  }
})

test('skipping the onboarding marks it done: it does not open again', async ({ browser }) => {
  test.setTimeout(120_000)
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await signIn(page, JORDAN.email)
    const deleted = await page.request.delete('/api/user', {
      data: { confirm: 'DELETE' },
      headers: { origin: E2E_URL },
    })
    expect(deleted.status()).toBe(204)
    const fresh = await context.newPage()
    await fresh.goto('/login')
    await signInAs(fresh, JORDAN.email, { onboarding: 'keep' })
    await expect(onboardingDialog(fresh)).toBeVisible()
    await onboardingDialog(fresh).getByRole('button', { name: 'Skip' }).click()
    await expect(fresh.getByRole('dialog')).toHaveCount(0)
    const me = (await (await fresh.request.get('/api/auth/user')).json()) as {
      hasCompletedOnboarding: boolean
    }
    expect(me.hasCompletedOnboarding).toBe(true)
    await fresh.reload()
    await expect(fresh.getByRole('navigation', { name: 'Main' }).first()).toBeVisible()
    await expect(fresh.getByRole('dialog')).toHaveCount(0)
  } finally {
    await context.close()
  }
})
