import { expect, test, type Page } from '@playwright/test'
import { E2E_URL } from '../playwright.config'
import { STANDIN_OAUTH_CLIENT } from '../src/server/config'
import { SAM, signIn, unique } from './support'

/**
 * New mail while Inkwell is open: with Email notifications on and the browser's permission, a
 * desktop notification names the sender and the subject (decision 037). The mail comes as it
 * would from anyone: put into Sam's Gmail (the stand-in) by another client, found by the sync.
 */

const GOOGLE = `http://localhost:${process.env.E2E_GOOGLE_PORT ?? '4411'}`
const CALLBACK = `${E2E_URL}/api/auth/google/callback`

/** A Gmail token for `email`, from the stand-in's own OAuth flow (another Gmail client's). */
async function gmailTokenFor(email: string): Promise<string> {
  const auth = new URL('/o/oauth2/v2/auth', GOOGLE)
  auth.search = new URLSearchParams({
    client_id: STANDIN_OAUTH_CLIENT.clientId,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'openid email https://www.googleapis.com/auth/gmail.modify',
    state: 'journey',
  }).toString()
  const form = new URLSearchParams({ email })
  for (const key of ['redirect_uri', 'scope', 'state', 'client_id']) {
    form.set(key, auth.searchParams.get(key) ?? '')
  }
  const chosen = await fetch(new URL('/o/oauth2/v2/auth/callback', GOOGLE), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  })
  const code = new URL(chosen.headers.get('location') ?? '').searchParams.get('code')
  expect(code, 'the stand-in gave a code').toBeTruthy()
  const token = await fetch(new URL('/oauth2/token', GOOGLE), {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: CALLBACK,
      client_id: STANDIN_OAUTH_CLIENT.clientId,
      client_secret: STANDIN_OAUTH_CLIENT.clientSecret,
    }),
  })
  expect(token.status).toBe(200)
  return ((await token.json()) as { access_token: string }).access_token
}

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

test('new mail while Inkwell is open shows a desktop notification', async ({ page, context }) => {
  test.setTimeout(120_000)
  await context.grantPermissions(['notifications'], { origin: E2E_URL })
  await recordNotifications(page)
  await signIn(page, SAM.email)
  await expect(page.getByTestId('thread-row').first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('syncing')).toHaveCount(0, { timeout: 60_000 })

  // Email notifications on (the default), saved; the browser already allows them.
  await page.goto('/settings')
  const toggle = page.getByRole('switch', { name: 'Email notifications' })
  await expect(toggle).toBeChecked()
  await expect(page.getByTestId('notice-blocked')).toHaveCount(0)
  await page.goto('/inbox')
  await expect(page.getByTestId('thread-row').first()).toBeVisible()
  // The first load announced nothing.
  expect(await shownNotifications(page)).toEqual([])

  const subject = unique('Lunch on Friday?')
  const token = await gmailTokenFor(SAM.email)
  const inserted = await fetch(`${GOOGLE}/gmail/v1/users/me/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      from: 'Priya Shah <priya@acme.example>',
      to: SAM.email,
      subject,
      body_text: 'Are you free?',
      labelIds: ['INBOX', 'UNREAD'],
    }),
  })
  expect(inserted.status).toBe(200)

  // The open inbox's sync finds it (Refresh asks now rather than at the next poll).
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(page.getByTestId('thread-row').filter({ hasText: subject })).toHaveCount(1)
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([{ title: 'Priya Shah', body: subject }])
})
