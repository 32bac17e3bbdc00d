import { expect, test, type Page } from '@playwright/test'
import type { Label } from '../src/contract/labels'
import { E2E_URL } from '../playwright.config'
import { expectAccessible, signIn, unique } from './support'

/**
 * Issue 28, labels both ways with Gmail: the user's own label is renamed (nested by "/"),
 * recoloured and deleted from its menu in the sidebar, and Gmail's refusals show in the
 * rename dialog in the server's words.
 */

const labelTree = (page: Page) => page.getByRole('tree', { name: 'Labels' })
const optionsOf = (page: Page, name: string) =>
  page.getByRole('button', { name: `Label options for ${name}`, exact: true })

async function createLabel(page: Page, name: string): Promise<Label> {
  const created = await page.request.post('/api/gmail/labels', {
    data: { name },
    headers: { origin: E2E_URL },
  })
  expect(created.status()).toBe(201)
  return (await created.json()) as Label
}

/** The rename dialog of `name`, opened from its menu. */
async function openRename(page: Page, name: string) {
  await optionsOf(page, name).click()
  await page.getByRole('menuitem', { name: 'Rename…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Rename label' })
  await expect(dialog.getByRole('textbox', { name: 'Label name' })).toHaveValue(name)
  return dialog
}

test('a label renamed into a nest, recoloured and deleted from the sidebar; Gmail’s refusals in the dialog', async ({
  page,
}) => {
  test.slow()
  await signIn(page)
  const suffix = unique('x').split(' ')[1]!
  const label = await createLabel(page, `Projects ${suffix}`)
  const taken = await createLabel(page, `Taken ${suffix}`)

  // On the label's own list, as a user who is about to tidy it up.
  await page.goto(`/app/label/${label.id}`)
  const tree = labelTree(page)
  await expect(tree.getByRole('link', { name: label.name, exact: true })).toBeVisible({
    timeout: 30_000,
  })

  await expectAccessible(page, 'nav[aria-label="Main"]')

  // A name another label has, and one with "/" at its start: the server's reasons, in place.
  let dialog = await openRename(page, label.name)
  const field = dialog.getByRole('textbox', { name: 'Label name' })
  await field.fill(taken.name.toUpperCase())
  await field.press('Enter')
  await expect(dialog.getByRole('alert')).toHaveText('A label with this name already exists')
  await field.fill(`/Projects ${suffix}`)
  await field.press('Enter')
  await expect(dialog.getByRole('alert')).toContainText('Label name cannot start or end with "/"')
  await expectAccessible(page, '[role="dialog"]')

  // Renamed under a new parent level: the tree nests it there.
  const renamed = `Clients ${suffix}/Acme`
  await field.fill(renamed)
  await field.press('Enter')
  await expect(dialog).toHaveCount(0)
  const parent = tree.getByRole('treeitem', { name: `Clients ${suffix}`, exact: true })
  await expect(parent.getByRole('link', { name: 'Acme', exact: true })).toBeVisible()
  await expect(tree.getByRole('link', { name: label.name, exact: true })).toHaveCount(0)
  // The keyboard's place is kept: on the renamed label's button.
  await expect(optionsOf(page, renamed)).toBeFocused()

  // Recoloured red: the sidebar's tag takes Gmail's red, and the menu says it is the one.
  await optionsOf(page, renamed).click()
  await page.getByRole('menuitemradio', { name: 'Red', exact: true }).click()
  const tag = parent.getByRole('link', { name: 'Acme', exact: true }).locator('svg')
  await expect(tag).toHaveCSS('fill', 'rgb(251, 76, 47)')
  await optionsOf(page, renamed).click()
  await expect(page.getByRole('menuitemradio', { name: 'Red', exact: true })).toHaveAttribute(
    'aria-checked',
    'true',
  )
  await expectAccessible(page, '[role="menu"]')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)

  // Deleted, after saying what it does not delete; its list was on screen: the Inbox now.
  await optionsOf(page, renamed).click()
  await page.getByRole('menuitem', { name: 'Delete label' }).click()
  dialog = page.getByRole('dialog', { name: 'Delete label' })
  await expect(dialog).toContainText(`Delete the label "${renamed}"?`)
  await expect(dialog).toContainText('Conversations keep their other labels; none are deleted.')
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page).toHaveURL(/\/inbox$/)
  await expect(parent).toHaveCount(0)
  await expect(tree.getByRole('link', { name: taken.name, exact: true })).toBeVisible()
  const after = (await (await page.request.get('/api/gmail/labels')).json()) as {
    labels: Label[]
  }
  expect(after.labels.map((l) => l.id)).not.toContain(label.id)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

  test('the menu’s labels have their options too', async ({ page }) => {
    test.slow()
    await signIn(page)
    const label = await createLabel(page, unique('Trip'))
    await page.goto('/app')

    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    const options = menu.getByRole('button', { name: `Label options for ${label.name}` })
    // Nothing to hover on a touch screen: the button is in view as it is.
    await expect(options).toHaveCSS('opacity', '1', { timeout: 30_000 })
    await options.click()
    await page.getByRole('menuitem', { name: 'Rename…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Rename label' })
    await dialog.getByRole('textbox', { name: 'Label name' }).fill(`${label.name} 2`)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(menu.getByRole('link', { name: `${label.name} 2`, exact: true })).toBeVisible()
  })
})
