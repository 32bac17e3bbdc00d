import { expect, test, type Page } from '@playwright/test'
import { expectAccessible, signIn, unique } from './support'

async function openContacts(page: Page) {
  await page.goto('/contacts')
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible()
  // Settled: either the grid or the empty state.
  await expect(
    page.getByRole('list', { name: 'Contacts' }).or(page.getByText('No contacts yet')),
  ).toBeVisible()
}

async function addContact(page: Page, name: string, email: string) {
  await page.getByRole('button', { name: 'Add Contact' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Contact' })
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByRole('button', { name: 'Add Contact' }).click()
  return dialog
}

test('add a contact, edit it with autosave, delete it', async ({ page }) => {
  // Three axe scans, two reloads and an autosave's wait: on a loaded CI machine the scans
  // alone have taken most of a minute (stop 30's run), as the other long journeys know.
  test.slow()
  await signIn(page)
  await openContacts(page)
  const cards = page.getByTestId('contact-card')
  const before = await cards.count()

  const name = unique('Jane Doe')
  const email = `jane.${Date.now()}@example.com`
  await page.getByRole('button', { name: 'Add Contact' }).click()
  const add = page.getByRole('dialog', { name: 'Add Contact' })
  // The spec's defaults.
  await expect(add.getByLabel('Tone')).toHaveText('Professional')
  await expect(add.getByLabel('Formality')).toHaveText('Formal')
  await expect(add.getByLabel('Language')).toHaveText('English')
  await expect(add.getByLabel('Greeting style')).toHaveValue('Dear')
  await expect(add.getByLabel('Sign-off style')).toHaveValue('Best regards')
  // The contract's validation, next to the fields.
  await add.getByRole('button', { name: 'Add Contact' }).click()
  await expect(add.getByText('Name is required')).toBeVisible()
  await expect(add.getByText('Email is required')).toBeVisible()
  await expect(add.getByLabel('Name')).toBeFocused()
  await expectAccessible(page, '[role="dialog"]')

  await add.getByLabel('Name').fill(name)
  await add.getByLabel('Email').fill(email)
  await add.getByLabel('Tone').click()
  await page.getByRole('option', { name: 'Friendly' }).click()
  await add.getByLabel('Language').click()
  await page.getByRole('option', { name: 'Spanish' }).click()
  await add.getByRole('button', { name: 'Add Contact' }).click()
  await expect(add).toBeHidden()

  const card = cards.filter({ hasText: name })
  await expect(card).toContainText(email)
  await expect(card).toContainText('Friendly')
  await expect(card).toContainText('Spanish')
  await expect(cards).toHaveCount(before + 1)
  await expectAccessible(page, 'main')

  // Edit: the stored values come back, and typing saves itself 2 s after it stops.
  await card.getByRole('button', { name: `Edit ${name}` }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Contact' })
  await expect(edit.getByLabel('Name')).toHaveValue(name)
  await expect(edit.getByLabel('Tone')).toHaveText('Friendly')
  // A slower network, so the indicator is on screen long enough to be seen for certain.
  await page.route('**/api/contacts/*', async (route) => {
    if (route.request().method() === 'PUT') await new Promise((r) => setTimeout(r, 1000))
    await route.continue()
  })
  const note = 'Prefers short e-mails before 10am'
  await edit.getByLabel('Context / notes').fill(note)
  await expect(edit.getByText('Auto-saving...')).toBeVisible()
  await expect(edit.getByText('Auto-saving...')).toBeHidden()
  await expect(edit.getByText('All changes saved')).toBeVisible()
  await expect(edit.getByLabel('Context / notes')).toHaveValue(note)
  await page.unroute('**/api/contacts/*')

  await page.reload()
  await expect(card).toContainText(note)
  await card.getByRole('button', { name: `Edit ${name}` }).click()
  await expect(edit.getByLabel('Context / notes')).toHaveValue(note)
  // It saves itself: Done is the one way out, no Save Changes beside it.
  await expect(edit.getByRole('button', { name: 'Save Changes' })).toHaveCount(0)
  await edit.getByRole('button', { name: 'Done' }).click()
  await expect(edit).toBeHidden()

  // Delete, through the confirmation.
  await card.getByRole('button', { name: `Delete ${name}` }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete contact' })
  await expect(confirm).toContainText('Are you sure you want to delete this contact?')
  await expectAccessible(page, '[role="dialog"]')
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(confirm).toBeHidden()
  await expect(card).toHaveCount(0)
  if (before === 0) await expect(page.getByText('No contacts yet')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible()
  await expect(
    page.getByRole('list', { name: 'Contacts' }).or(page.getByText('No contacts yet')),
  ).toBeVisible()
  await expect(card).toHaveCount(0)
})

test('a duplicate e-mail is refused with the server reason', async ({ page }) => {
  await signIn(page)
  await openContacts(page)
  const email = `dup.${Date.now()}@example.com`
  await expect(await addContact(page, unique('First'), email)).toBeHidden()

  const dialog = await addContact(page, unique('Second'), email.toUpperCase())
  await expect(page.getByText('Failed to create contact', { exact: true })).toBeVisible()
  await expect(dialog.getByText('A contact with this email already exists')).toBeVisible()
  await expect(dialog).toBeVisible()
})

test('a failed autosave says so and keeps what was typed', async ({ page }) => {
  await signIn(page)
  await openContacts(page)
  const name = unique('Kept')
  await expect(await addContact(page, name, `kept.${Date.now()}@example.com`)).toBeHidden()

  await page.route('**/api/contacts/*', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'boom' } } })
      : route.continue(),
  )
  await page.getByRole('button', { name: `Edit ${name}` }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Contact' })
  await edit.getByLabel('Conversation memory').fill('We met in Lisbon')
  await expect(page.getByText('Save failed', { exact: true })).toBeVisible()
  await expect(
    page.getByText('Your changes could not be saved. Please try again.', { exact: true }),
  ).toBeVisible()
  await expect(edit.getByText('Changes not saved')).toBeVisible()
  await expect(edit.getByLabel('Conversation memory')).toHaveValue('We met in Lisbon')
})
