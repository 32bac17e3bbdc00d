import { expect, test, type Browser, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { E2E_URL } from '../playwright.config'
import { SAM, signIn, unique } from './support'

/** The demo's admin (ADMIN_EMAILS defaults to the first demo account in demo mode). */
const ADMIN = 'alex.morgan@inkwell.demo'

/** A fresh browser session signed in as `email`, so two people can act in one journey. */
async function sessionOf(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await signIn(page, email)
  return page
}

/** No serious or critical axe violation (WCAG 2.x A/AA) on the whole page. */
async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([])
}

test('the landing and legal pages arrive as complete HTML, with their meta tags', async ({
  request,
}) => {
  for (const path of ['/', '/landing']) {
    const response = await request.get(path)
    expect(response.headers()['content-type']).toContain('text/html')
    const html = await response.text()
    expect(html).toContain(
      '<title>Inkwell — AI e-mail assistant for Gmail that writes like you</title>',
    )
    expect(html).toMatch(/<meta name="description" content="Inkwell writes Gmail e-mails/)
    expect(html).toMatch(/<meta property="og:title" content="Inkwell — /)
    // The content itself, prices included, without running any script.
    for (const text of ['How It Works', 'Key Features', 'Pricing', '$9', '$90', 'Smart Reply']) {
      expect(html, text).toContain(text)
    }
    expect(html).toContain('20 AI-generated emails per month')
  }
  const privacy = await (await request.get('/privacypolicy')).text()
  expect(privacy).toContain('<title>Privacy Policy — Inkwell</title>')
  expect(privacy).toContain('June 10, 2025')
  expect(privacy).toContain('Limited Use')
  const terms = await (await request.get('/termsofservice')).text()
  expect(terms).toContain('<title>Terms of Service — Inkwell</title>')
  expect(terms).toContain('June 10, 2025')

  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain(`Sitemap: ${E2E_URL}/sitemap.xml`)
  const sitemap = await (await request.get('/sitemap.xml')).text()
  for (const path of ['/privacypolicy', '/termsofservice', '/contact', '/help']) {
    expect(sitemap).toContain(`<loc>${E2E_URL}${path}</loc>`)
  }
})

test('landing: sections, FAQ one at a time, early access, theme', async ({ page }) => {
  // A hydration mismatch or a script error shows here. (/api/plans may be missing: its price
  // fallback is the built page's.)
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    if (message.location().url.endsWith('/api/plans')) return
    errors.push(message.text())
  })
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Sections' })
  for (const link of ['Features', 'Pricing', 'FAQ']) {
    await expect(nav.getByRole('link', { name: link })).toBeVisible()
  }
  await expect(page.getByRole('link', { name: 'Get Started', exact: true })).toHaveAttribute(
    'href',
    '/login',
  )
  await page.getByRole('link', { name: 'Get Started Free' }).click()
  await expect(page).toHaveURL(/#pricing$/)
  await expect(page.getByRole('heading', { name: 'Pricing' })).toBeInViewport()
  await expect(page.getByRole('link', { name: 'Start for free' })).toHaveAttribute('href', '/login')
  await expect(page.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
    'href',
    '/upgrade',
  )
  await expect(page.getByRole('heading', { name: 'Key Features' })).toBeVisible()
  await expect(page.locator('#features li')).toHaveCount(6)
  await expect(page.locator('#how-it-works li')).toHaveCount(3)
  await expect(page.locator('figure blockquote')).toHaveCount(3)

  // One answer open at a time.
  const faq = page.locator('#faq details')
  await faq.nth(0).locator('summary').click()
  await expect(faq.nth(0)).toHaveAttribute('open', '')
  await faq.nth(1).locator('summary').click()
  await expect(faq.nth(1)).toHaveAttribute('open', '')
  await expect(faq.nth(0)).not.toHaveAttribute('open', '')

  // Early access: no network call, a simulated wait, a toast, an empty field.
  const calls: string[] = []
  page.on('request', (r) => r.url().includes('/api/') && calls.push(r.url()))
  const email = page.getByLabel('Email address')
  await email.fill('early@example.com')
  await page.getByRole('button', { name: 'Join early access' }).click()
  await expect(page.getByRole('button', { name: 'Joining...' })).toBeDisabled()
  await expect(page.getByText('Thanks for signing up!', { exact: true })).toBeVisible()
  await expect(
    page.getByText("We'll notify you when the product launches new features.", { exact: true }),
  ).toBeVisible()
  await expect(email).toHaveValue('')
  expect(calls.filter((url) => !url.endsWith('/api/plans'))).toEqual([])
  expect(errors).toEqual([])

  // The theme toggles; the stored theme applies before React does (here React never loads).
  const html = page.locator('html')
  await expect(html).not.toHaveClass(/\bdark\b/)
  await page.getByRole('button', { name: 'Switch to dark mode' }).click()
  await expect(html).toHaveClass(/\bdark\b/)
  await page.route('**/assets/hydrate-*.js', (route) => route.abort())
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(html).toHaveClass(/\bdark\b/)
  await page.unroute('**/assets/hydrate-*.js')
  await page.reload()
  await page.getByRole('button', { name: 'Light mode', exact: true }).click()
  await expect(html).not.toHaveClass(/\bdark\b/)
  await expect(page.getByRole('button', { name: 'Dark mode', exact: true })).toBeVisible()
})

test('landing, legal, contact and help pages pass axe in light and dark', async ({ page }) => {
  test.slow() // ten pages, each loaded and analysed
  for (const theme of ['light', 'dark']) {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme)
    for (const path of ['/', '/privacypolicy', '/termsofservice', '/contact', '/help']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/)
      await expectNoSeriousViolations(page)
    }
  }
})

test('tickets from the contact page, /help and the help desk reach the admin, whose changes stay', async ({
  page,
  browser,
}) => {
  test.slow() // three people sign in and act in turn
  const contactSubject = unique('Contact page question')
  await page.goto('/contact')
  await expect(page.getByText('We respond within 24 hours.')).toBeVisible()
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Missing Information', { exact: true })).toBeVisible()
  await expect(page.getByText('Please fill in all required fields.', { exact: true })).toBeVisible()
  await page.getByLabel('Name').fill('Pat Visitor')
  await page.getByLabel('Email', { exact: true }).fill('pat@example.com')
  await page.getByLabel('Subject (optional)').fill(contactSubject)
  await page.getByLabel('Message').fill('Do you support Outlook?')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible()

  // /help, signed out.
  const helpSubject = unique('Public help bug')
  await page.goto('/help')
  const submit = page.getByRole('button', { name: 'Submit Ticket' })
  await expect(submit).toBeDisabled()
  await page.getByLabel('Issue type').click()
  await page.getByRole('option', { name: 'Bug report' }).click()
  await page.getByLabel('Subject').fill(helpSubject)
  await expect(submit).toBeDisabled()
  await page.getByLabel('Description').fill('The sign-in button does nothing on my phone')
  await expect(submit).toBeEnabled()
  await submit.click()
  await expect(page.getByRole('heading', { name: 'Ticket submitted' })).toBeVisible()

  // The help desk, signed in.
  const sam = await sessionOf(browser, SAM.email)
  const deskSubject = unique('Help desk request')
  await sam.goto('/help-desk')
  await sam.getByLabel('Issue type').click()
  await sam.getByRole('option', { name: 'Feature request' }).click()
  await sam.getByLabel('Priority').click()
  await sam.getByRole('option', { name: 'High' }).click()
  await sam.getByLabel('Subject').fill(deskSubject)
  await sam.getByLabel('Description').fill('Please add snooze')
  await sam.getByRole('button', { name: 'Submit Ticket' }).click()
  await expect(sam.getByRole('button', { name: 'Submit Another Ticket' })).toBeVisible()
  await expect(sam.getByRole('link', { name: 'Back to Inbox' })).toBeVisible()
  await sam.getByRole('button', { name: 'Submit Another Ticket' }).click()
  await expect(sam.getByLabel('Subject')).toHaveValue('')

  // The admin sees all three.
  const admin = await sessionOf(browser, ADMIN)
  await admin.goto('/admin')
  await expect(admin.getByRole('heading', { name: 'Admin Panel' })).toBeVisible()
  for (const subject of [contactSubject, helpSubject, deskSubject]) {
    await expect(admin.getByRole('heading', { name: subject })).toBeVisible()
  }
  const desk = admin.locator('[data-ticket-id]', { hasText: deskSubject })
  await expect(desk.getByText(`${SAM.name} <${SAM.email}>`)).toBeVisible()
  await expect(desk.getByText('high')).toBeVisible()

  const counter = (label: string) =>
    admin.locator('dl > div', { has: admin.getByText(label, { exact: true }) }).locator('dd')
  const resolvedBefore = Number(await counter('Resolved').textContent())
  await desk.getByRole('combobox').click()
  await admin.getByRole('option', { name: 'Resolved' }).click()
  await expect(desk.getByRole('combobox')).toHaveText('Resolved')
  await expect(counter('Resolved')).toHaveText(String(resolvedBefore + 1))

  // It persists, and the filter finds it.
  await admin.reload()
  await expect(
    admin.locator('[data-ticket-id]', { hasText: deskSubject }).getByRole('combobox'),
  ).toHaveText('Resolved')
  await admin.getByLabel('Status', { exact: true }).click()
  await admin.getByRole('option', { name: 'Resolved' }).click()
  await expect(admin.getByRole('heading', { name: deskSubject })).toBeVisible()
  await expect(admin.getByRole('heading', { name: contactSubject })).toBeHidden()
})

test('a failed status change says so and leaves the ticket as it was', async ({ browser }) => {
  const subject = unique('Status failure')
  const admin = await sessionOf(browser, ADMIN)
  const created = await admin.request.post('/api/contact', {
    headers: { origin: E2E_URL },
    data: { subject, message: 'Hello' },
  })
  expect(created.status()).toBe(201)
  await admin.route('**/api/admin/tickets/*/status', (route) =>
    route.fulfill({ status: 500, body: '{"error":{"code":"internal_error","message":"x"}}' }),
  )
  await admin.goto('/admin')
  const ticket = admin.locator('[data-ticket-id]', { hasText: subject })
  await ticket.getByRole('combobox').click()
  await admin.getByRole('option', { name: 'Closed' }).click()
  await expect(admin.getByText('Failed to update ticket status', { exact: true })).toBeVisible()
  await expect(ticket.getByRole('combobox')).toHaveText('Open')
})

test('a non-admin gets 403 from every admin route and sees Access Denied', async ({ page }) => {
  await signIn(page)
  await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  await expect(page.getByText("You don't have permission to access the admin panel.")).toBeVisible()
  const headers = { origin: E2E_URL }
  const list = await page.request.get('/api/admin/tickets')
  expect(list.status()).toBe(403)
  expect((await page.request.get('/api/admin/tickets?status=open')).status()).toBe(403)
  const patch = await page.request.patch(
    '/api/admin/tickets/00000000-0000-4000-8000-000000000000/status',
    { headers, data: { status: 'closed' } },
  )
  expect(patch.status()).toBe(403)
})

// Last: it spends this address's ticket allowance for the rest of the run.
test('spam past the limit gets 429, and the forms say so', async ({ page }) => {
  const headers = { origin: E2E_URL }
  let status = 201
  for (let i = 0; i < 30 && status !== 429; i++) {
    status = (
      await page.request.post('/api/contact', { headers, data: { message: 'spam' } })
    ).status()
  }
  expect(status).toBe(429)

  await page.goto('/contact')
  await page.getByLabel('Name').fill('Spammer')
  await page.getByLabel('Email', { exact: true }).fill('spam@example.com')
  await page.getByLabel('Message').fill('Once more')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(
    page.getByText('Failed to send message. Please try again.', { exact: true }),
  ).toBeVisible()

  await page.goto('/help')
  await page.getByLabel('Issue type').click()
  await page.getByRole('option', { name: 'Support question' }).click()
  await page.getByLabel('Subject').fill('Again')
  await page.getByLabel('Description').fill('Once more')
  await page.getByRole('button', { name: 'Submit Ticket' }).click()
  await expect(page.getByText('Failed to submit ticket', { exact: true })).toBeVisible()
  await expect(
    page.getByText('Please try again or contact support directly.', { exact: true }),
  ).toBeVisible()
})
