import { expect, test, type Page } from '@playwright/test'
import { expectAccessible, signIn, unique } from './support'

async function createProfile(page: Page, name: string) {
  await page.getByRole('button', { name: 'Create Profile' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create Writing Profile' })
  await dialog.getByLabel('Profile name').fill(name)
  await dialog.getByRole('button', { name: 'Create Profile' }).click()
  await expect(dialog).toBeHidden()
}

test('create two profiles and move the default between them', async ({ page }) => {
  await signIn(page)
  await page.goto('/writing-profiles')
  await expect(page.getByRole('heading', { name: 'Writing Profiles', level: 1 })).toBeVisible()
  const list = page.getByRole('list', { name: 'Writing profiles' })
  await expect(list.or(page.getByText('No writing profiles yet'))).toBeVisible()
  const hadProfiles = (await page.getByTestId('profile-card').count()) > 0

  const first = unique('Work')
  const second = unique('Casual')
  const card = (name: string) => page.getByTestId('profile-card').filter({ hasText: name })

  // The create dialog: spec validation, then the writing sample.
  await page.getByRole('button', { name: 'Create Profile' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create Writing Profile' })
  await dialog.getByRole('button', { name: 'Create Profile' }).click()
  await expect(dialog.getByText('Profile name is required')).toBeVisible()
  await dialog.getByLabel('Profile name').fill(first)
  await dialog.getByLabel('Personality traits').fill('warm, direct\ncurious')

  const upload = dialog.getByLabel('Upload a sample (.txt, .pdf or .docx)')
  await upload.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('x') })
  await expect(
    dialog.getByText('Invalid file type. Please upload a .txt, .pdf, or .docx file.'),
  ).toBeVisible()
  await upload.setInputFiles({
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF'),
  })
  // PDF and DOCX are read on the server (decision 034); a file that is not really a PDF says so.
  await expect(
    dialog.getByText('Could not read the file: it is not a valid PDF document'),
  ).toBeVisible()
  await upload.setInputFiles({
    name: 'sample.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Hi Dana,\n\nThanks for the quick turnaround. Talk soon,\nSam'),
  })
  const sample = dialog.getByLabel('Example text')
  await expect(sample).toHaveValue(/Thanks for the quick turnaround/)
  await dialog.getByRole('button', { name: 'Project update' }).click()
  await expect(sample).toHaveValue(/Here is a quick update on where the project stands/)
  // Analysed on the server: the analysis shows, and no failure is announced.
  await expect(dialog.getByRole('heading', { name: 'Style analysis' })).toBeVisible()
  await expect(
    dialog.getByRole('alert').filter({ hasText: 'Failed to analyze writing style' }),
  ).toHaveCount(0)

  await expectAccessible(page, '[role="dialog"]')
  await dialog.getByRole('button', { name: 'Create Profile' }).click()
  await expect(dialog).toBeHidden()
  await expect(card(first)).toContainText('warm, direct, curious')
  if (hadProfiles)
    await card(first)
      .getByRole('button', { name: `Set ${first} as default` })
      .click()
  // The first profile is the default: marked, and neither re-settable nor deletable.
  await expect(card(first).getByText('default', { exact: true })).toBeVisible()
  await expect(card(first).getByRole('button', { name: `Set ${first} as default` })).toBeDisabled()
  await expect(card(first).getByRole('button', { name: `Delete ${first}` })).toBeDisabled()

  await createProfile(page, second)
  await expect(card(second).getByText('default', { exact: true })).toHaveCount(0)
  await expect(card(second).getByRole('button', { name: `Delete ${second}` })).toBeEnabled()

  // Move the default.
  await card(second)
    .getByRole('button', { name: `Set ${second} as default` })
    .click()
  await expect(card(second).getByText('default', { exact: true })).toBeVisible()
  await expect(card(first).getByText('default', { exact: true })).toHaveCount(0)
  await expect(card(first).getByRole('button', { name: `Delete ${first}` })).toBeEnabled()
  await expect(card(second).getByRole('button', { name: `Delete ${second}` })).toBeDisabled()
  await expect(
    card(second).getByRole('button', { name: `Set ${second} as default` }),
  ).toBeDisabled()
  await expect(card(first).getByRole('button', { name: `Set ${first} as default` })).toBeEnabled()
  await expectAccessible(page, 'main')

  // It holds after a reload, and the non-default one can be edited and deleted.
  await page.reload()
  await expect(card(second).getByText('default', { exact: true })).toBeVisible()
  await card(first)
    .getByRole('button', { name: `Edit ${first}` })
    .click()
  const edit = page.getByRole('dialog', { name: 'Edit Writing Profile' })
  await expect(edit.getByLabel('Profile name')).toHaveValue(first)
  await expect(edit.getByLabel('Personality traits')).toHaveValue('warm, direct, curious')
  await edit.getByLabel('Signature style').fill('Cheers, Sam')
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(edit).toBeHidden()

  await card(first)
    .getByRole('button', { name: `Delete ${first}` })
    .click()
  const confirm = page.getByRole('dialog', { name: 'Delete writing profile' })
  await expect(confirm).toContainText('Are you sure you want to delete this writing profile?')
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(card(first)).toHaveCount(0)
  await expect(card(second)).toHaveCount(1)
})
