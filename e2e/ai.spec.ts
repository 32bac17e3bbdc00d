import { expect, test, type Page } from '@playwright/test'
import { buildDocx } from './fixtures/docx'
import { expectAccessible, JORDAN, SAM, SENT, signIn, unique } from './support'

/**
 * AI writing against the demo's offline writer (no provider configured). The e2e server gives
 * the Free plan FREE_AI_EMAILS_PER_MONTH=6 (playwright.config.ts). Generating journeys run as
 * Alex and use a few credits; the limit journey exhausts the spare account's allowance itself,
 * so no journey depends on another having run, or not run, before it.
 */

const ALEX = { name: 'Alex Morgan', email: 'alex.morgan@inkwell.demo' }
const FREE_LIMIT = 6

const rows = (page: Page) => page.getByTestId('thread-row')

async function openInbox(page: Page, email: string) {
  await signIn(page, email)
  await expect(page.getByRole('heading', { name: 'Inbox', exact: true })).toBeVisible()
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('syncing')).toHaveCount(0, { timeout: 60_000 })
}

/** Calls the app's API from the signed-in page, as the app itself would (cookies, Origin). */
async function api(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: response.status, json: (await response.json()) as unknown }
    },
    { method, url, body },
  )
}

test('Smart Reply on a thread: the reply streams in, is edited and lands in the same thread', async ({
  page,
}) => {
  // The first sync of the demo mailbox comes first; on a loaded machine it takes a while.
  test.slow()
  await openInbox(page, ALEX.email)

  // From a row's quick actions: the dialog opens with its suggested replies; Cancel closes it.
  await rows(page)
    .first()
    .getByRole('button', { name: /^Quick actions/ })
    .click()
  await page.getByRole('menuitem', { name: 'Smart Reply' }).click()
  let dialog = page.getByRole('dialog', { name: 'Smart AI Reply' })
  await expect(dialog).toBeVisible()
  await expect(
    dialog.getByRole('group', { name: 'Suggested replies' }).getByRole('button'),
  ).toHaveCount(3)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()

  // From the viewer, on a conversation with someone else.
  let opened: { id: string; subject: string } | null = null
  for (let i = 2; i < 10 && !opened; i++) {
    const label = (await rows(page).nth(i).getByRole('button').first().getAttribute('aria-label'))!
    // A row names the user "me" ("Ana, me" when both wrote; "To: Ana" when only they did,
    // issue 25).
    const who = label.replace(/^Unread, /, '').split(': ')[0]!
    if (who === 'To') continue
    if (who === 'me' || who.split(', ').includes('me') || who === ALEX.name) continue
    opened = {
      id: (await rows(page).nth(i).getAttribute('data-thread-id'))!,
      subject: label.slice(label.indexOf(': ') + 2),
    }
    await rows(page).nth(i).getByRole('button').first().click()
  }
  expect(opened).not.toBeNull()
  await expect(page.getByTestId('thread-subject')).toHaveText(opened!.subject)
  await page.getByRole('button', { name: 'Smart Reply', exact: true }).click()

  dialog = page.getByRole('dialog', { name: 'Smart AI Reply' })
  // Nothing is written until the user says what the reply should say: here, in their words.
  await dialog
    .getByLabel('What should the reply say?')
    .fill('Thank them and say the figures will follow on Friday')
  await dialog.getByRole('button', { name: 'Generate' }).click()
  const reply = dialog.getByLabel('Your reply')
  await expect(page.getByText('Smart reply generated successfully!', { exact: true })).toBeVisible()
  await expect(reply).not.toHaveValue('')
  await expect(reply).toHaveAttribute('aria-busy', 'false')
  await expect(dialog.getByText('Offline writer', { exact: true })).toBeVisible()
  const written = await reply.inputValue()
  await expect(dialog.getByText(`${written.length} characters`)).toBeVisible()
  await expectAccessible(page, '[role="dialog"]')

  // Blank text cannot be sent or taken to Compose.
  await reply.fill('   ')
  await expect(dialog.getByRole('button', { name: 'Send Reply' })).toBeDisabled()
  await expect(dialog.getByRole('button', { name: 'Edit in Compose' })).toBeDisabled()

  const line = unique('Edited after the smart reply')
  await reply.fill(`${written}\n\n${line}`)
  await dialog.getByRole('button', { name: 'Send Reply' }).click()
  await expect(page.getByText('Smart reply sent successfully!', { exact: true })).toBeVisible()
  await expect(dialog).toBeHidden()

  await page.goto(`/inbox?thread=${opened!.id}`)
  await expect(page.getByTestId('thread-subject')).toHaveText(opened!.subject)
  await expect(page.getByTestId('message').last()).toContainText(line)
})

test('Compose: pick a Spanish contact, Write with AI streams a Spanish draft, then send it', async ({
  page,
}) => {
  await signIn(page, ALEX.email)
  // A long name: the contact card keeps to its panel (issue 25).
  const name = `${unique('Lucía')} Fernández de la Fuente y Castellanos-Villanueva Rodríguez`
  const email = `${name.split(' ')[1]}@example.es`
  const created = await api(page, 'POST', '/api/contacts', {
    name,
    email,
    tone: 'professional',
    formality: 'formal',
    language: 'spanish',
    greeting: 'Estimada Lucía',
    signoff: 'Saludos cordiales',
  })
  expect(created.status).toBe(201)

  await page.goto('/compose')
  const panel = page.getByRole('complementary', { name: 'Assistants' })
  // The spec's checks, in order: a contact, then a description.
  await panel.getByRole('button', { name: 'Write with AI' }).click()
  let dialog = page.getByRole('dialog', { name: 'Write with AI' })
  await dialog.getByRole('button', { name: 'Generate' }).click()
  await expect(page.getByText('Please select a contact first', { exact: true })).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  await panel.getByLabel('Quick pick').click()
  await page.getByRole('option', { name: new RegExp(name) }).click()
  // The picked contact becomes the To field's chip.
  await expect(page.getByRole('button', { name: `Remove ${name} <${email}>` })).toBeVisible()
  const selected = panel.getByTestId('selected-contact')
  await expect(selected).toContainText(name)
  await expect(selected).toContainText('Spanish')
  // Its badges say each word once: "Formal" for the formality, not twice.
  await expect(selected.getByRole('listitem')).toHaveText(['Professional', 'Formal', 'Spanish'])
  // The long name is cut short inside the card, and the card stays inside its panel.
  const card = (await selected.boundingBox())!
  const outer = (await panel.boundingBox())!
  expect(card.x + card.width).toBeLessThanOrEqual(outer.x + outer.width)
  expect(await panel.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
  await expectAccessible(page, 'main')

  await page.getByLabel('Subject', { exact: true }).fill('Reunión del jueves')
  await panel.getByRole('button', { name: 'Write with AI' }).click()
  dialog = page.getByRole('dialog', { name: 'Write with AI' })
  await dialog.getByRole('button', { name: 'Generate' }).click()
  await expect(
    page.getByText('Please describe what you want to write', { exact: true }),
  ).toBeVisible()
  await dialog
    .getByLabel('What would you like to write about?')
    .fill('Follow up on the meeting on Thursday and ask for the signed contract')
  await dialog.getByRole('button', { name: 'Generate' }).click()
  await expect(dialog).toBeHidden()

  const body = page.getByLabel('Message', { exact: true })
  // The contact's greeting, and the request said in Spanish (the writer's wording varies).
  await expect(body).toHaveValue(/^Estimada Lucía:/)
  await expect(body).toHaveValue(/contrato firmado/)
  await expect(panel.getByText('Offline writer', { exact: true })).toBeVisible()
  await expect(body).toHaveValue(/Saludos cordiales/)

  await page.getByRole('button', { name: 'Send Email' }).click()
  await expect(page.getByText('Email sent', { exact: true })).toBeVisible(SENT)
  await expect(body).toHaveValue('')

  // Clearing the selected contact leaves nothing selected.
  await panel.getByLabel('Quick pick').click()
  await page.getByRole('option', { name: new RegExp(name) }).click()
  await panel.getByRole('button', { name: `Clear ${name}` }).click()
  await expect(panel.getByTestId('selected-contact')).toHaveCount(0)
})

test('a Free user at the limit sees AI Generation Limit Reached', async ({ page }) => {
  await signIn(page, JORDAN.email)
  // Spend what is left of the allowance, whatever other journeys did before.
  let status = 200
  for (let i = 0; i <= FREE_LIMIT && status !== 429; i++) {
    status = (await api(page, 'POST', '/api/ai/generate-email', { userInput: 'A short note' }))
      .status
  }
  expect(status).toBe(429)

  await page.goto('/compose')
  const panel = page.getByRole('complementary', { name: 'Assistants' })
  await expect(panel.getByText('AI Generation Limit Reached')).toBeVisible()
  await expect(
    panel.getByText(
      `You've used ${FREE_LIMIT}/${FREE_LIMIT} AI emails this month. Upgrade to Pro for unlimited access.`,
    ),
  ).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Write with AI' })).toHaveCount(0)

  // The sidebar card and the inbox banner say the same, with the real limit (decision 014).
  const sidebar = page.getByRole('complementary').filter({ hasText: 'AI emails this month' })
  await expect(sidebar.getByTestId('credits-used')).toHaveText(`${FREE_LIMIT}/${FREE_LIMIT}`)
  await expect(sidebar.getByRole('link', { name: 'Upgrade to Pro' })).toBeVisible()
  await page.getByRole('link', { name: 'Inbox' }).first().click()
  await expect(page.getByText('AI Credits Exhausted')).toBeVisible()
  await expect(
    page.getByText(
      `You have used all ${FREE_LIMIT} free AI email credits this month. Upgrade to Pro for unlimited access.`,
    ),
  ).toBeVisible()
  // One call to action, not three (the plan box's), and at 800 px the plan box leaves
  // Settings in view.
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(page.getByRole('link', { name: /upgrade/i })).toHaveCount(1)
  await expect(sidebar.getByRole('link', { name: 'Settings', exact: true })).toBeInViewport()
  // On a phone the plan box is behind the menu: the banner offers the upgrade instead.
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(page.getByRole('link', { name: /upgrade/i })).toHaveCount(1)
})

test('a .docx writing sample is read on the server and analysed into profile traits', async ({
  page,
}) => {
  await signIn(page, SAM.email)
  await page.goto('/writing-profiles')
  await page.getByRole('button', { name: 'Create Profile' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Create Writing Profile' })
  const profileName = unique('From Word')
  await dialog.getByLabel('Profile name').fill(profileName)

  await dialog.getByLabel('Upload a sample (.txt, .pdf or .docx)').setInputFiles({
    name: 'sample.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: buildDocx([
      'Hey Dana,',
      'Thanks so much for the quick turnaround on the mockups! They look great.',
      'Could you send the final files by Friday? Happy to jump on a call if that helps.',
      'Cheers,',
      'Sam',
    ]),
  })
  await expect(dialog.getByText('Loaded sample.docx.')).toBeVisible()
  await expect(dialog.getByLabel('Example text')).toHaveValue(/quick turnaround on the mockups/)
  await expect(dialog.getByRole('heading', { name: 'Style analysis' })).toBeVisible()

  const traits = dialog.getByTestId('suggested-traits')
  const suggested = async (term: string) =>
    (await traits.locator(`dt:text-is("${term}") + dd`).textContent()) ?? ''
  const tone = await suggested('Tone')
  const style = await suggested('Style')
  await dialog.getByRole('button', { name: 'Apply suggested traits' }).click()
  await expect(dialog.getByLabel('Tone', { exact: true })).toHaveText(tone)
  await expect(dialog.getByLabel('Style', { exact: true })).toHaveText(style)

  await dialog.getByRole('button', { name: 'Create Profile' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('profile-card').filter({ hasText: profileName })).toBeVisible()
})
