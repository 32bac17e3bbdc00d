import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { AdminTicketList, Ticket } from '../../../contract/support.js'
import { tickets, users } from '../../db/schema.js'
import { sameOrigin, signIn, startHarness, type Harness } from '../../test/harness.js'

// grace@example.com is the harness's admin (ADMIN_EMAILS); ada is a plain user.
let h: Harness
let ada: string
let grace: string
const TICKETS_PER_HOUR = 4

beforeAll(async () => {
  h = await startHarness({ config: { contactRateLimitPerHour: 1000 } })
  ada = (await signIn(h, 'ada@example.com')).session!
  grace = (await signIn(h, 'grace@example.com')).session!
})
afterAll(async () => h?.close())

const call: Harness['call'] = (...args) => h.call(...args)

async function adminList(query = ''): Promise<AdminTicketList> {
  const response = await call(grace, 'GET', `/api/admin/tickets${query}`)
  expect(response.statusCode).toBe(200)
  return response.json()
}

describe('POST /api/contact', () => {
  it('files a ticket without a session, with the anonymous fallback when no e-mail is given', async () => {
    const response = await call(undefined, 'POST', '/api/contact', {
      message: 'The help page is lovely',
      type: 'feedback',
      email: '',
    })
    expect(response.statusCode).toBe(201)
    const { id, status } = response.json()
    expect(status).toBe('open')
    const [row] = await h.db.select().from(tickets).where(eq(tickets.id, id))
    expect(row).toMatchObject({
      name: 'Anonymous',
      email: 'anonymous@inkwell.invalid',
      type: 'feedback',
      priority: 'medium',
      subject: null,
      userId: null,
    })
  })

  it('keeps what the contact form sends', async () => {
    const response = await call(undefined, 'POST', '/api/contact', {
      name: '  Charles  ',
      email: 'charles@example.com',
      subject: 'Pricing',
      message: 'Is there a team plan?',
      type: 'support',
    })
    expect(response.statusCode).toBe(201)
    const ticket = (await adminList()).tickets.find((t) => t.id === response.json().id)
    expect(ticket).toMatchObject({
      name: 'Charles',
      email: 'charles@example.com',
      subject: 'Pricing',
      message: 'Is there a team plan?',
      status: 'open',
    })
  })

  it('belongs to the signed-in sender, who fills in the name and e-mail left out', async () => {
    const response = await call(ada, 'POST', '/api/contact', {
      subject: 'Sync stalls',
      message: 'My inbox stopped syncing',
      type: 'bug',
      priority: 'high',
      userAgent: 'Mozilla/5.0 test',
      url: 'http://localhost:3999/help-desk',
    })
    expect(response.statusCode).toBe(201)
    const [row] = await h.db.select().from(tickets).where(eq(tickets.id, response.json().id))
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      priority: 'high',
      userAgent: 'Mozilla/5.0 test',
      url: 'http://localhost:3999/help-desk',
    })
    expect(row!.userId).toBeTruthy()
    // It is hers: her export lists it.
    const exported = (await call(ada, 'GET', '/api/user/export')).json()
    expect(exported.tickets.map((t: Ticket) => t.subject)).toEqual(['Sync stalls'])
  })

  it.each([
    [{ name: 'X', email: 'x@example.com' }, 'message: is required'],
    [{ message: '   ' }, 'message: is required'],
    [{ message: 'Hi', email: 'not-an-address' }, 'email: must be a valid e-mail address'],
    [{ message: 'Hi', type: 'complaint' }, 'type: '],
    [{ message: 'Hi', priority: 'critical' }, 'priority: '],
    [{ message: 'x'.repeat(10_001) }, 'message: must be at most 10000 characters'],
  ])('refuses %j with a 400 that says what is wrong', async (body, expected) => {
    const before = (await h.db.select().from(tickets)).length
    const response = await call(undefined, 'POST', '/api/contact', body)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('validation_error')
    expect(response.json().error.message).toContain(expected)
    expect(await h.db.select().from(tickets)).toHaveLength(before)
  })

  it('refuses a cross-origin post', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'https://evil.example' },
      payload: { message: 'spam' },
    })
    expect(response.statusCode).toBe(403)
  })
})

describe('the rate limit', () => {
  it('answers 429 past the limit for one address, not for another', async () => {
    const limited = await startHarness({ config: { contactRateLimitPerHour: TICKETS_PER_HOUR } })
    try {
      const post = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/contact',
          headers: sameOrigin,
          remoteAddress: ip,
          payload: { message: 'Buy cheap watches' },
        })
      for (let i = 0; i < TICKETS_PER_HOUR; i++)
        expect((await post('10.0.0.1')).statusCode).toBe(201)
      const refused = await post('10.0.0.1')
      expect(refused.statusCode).toBe(429)
      expect(refused.json().error.code).toBe('too_many_requests')
      expect((await post('10.0.0.2')).statusCode).toBe(201)
      expect(await limited.db.select().from(tickets)).toHaveLength(TICKETS_PER_HOUR + 1)
    } finally {
      await limited.close()
    }
  })
})

describe('the admin routes', () => {
  it('list newest first with counters over all tickets, whatever the filter', async () => {
    const all = await adminList()
    expect(all.counts.total).toBe(all.tickets.length)
    expect(all.counts.open).toBe(all.tickets.length)
    const times = all.tickets.map((t) => t.createdAt)
    expect(times).toEqual([...times].sort().reverse())

    const target = all.tickets[0]!
    const patched = await call(grace, 'PATCH', `/api/admin/tickets/${target.id}/status`, {
      status: 'in_progress',
    })
    expect(patched.statusCode).toBe(200)
    expect(patched.json()).toMatchObject({ id: target.id, status: 'in_progress' })

    const inProgress = await adminList('?status=in_progress')
    expect(inProgress.tickets.map((t) => t.id)).toEqual([target.id])
    expect(inProgress.counts).toMatchObject({
      total: all.counts.total,
      open: all.counts.open - 1,
      in_progress: 1,
    })
    expect((await adminList('?status=resolved')).tickets).toEqual([])
  })

  it('set any status from any other, and it persists', async () => {
    const [ticket] = (await adminList()).tickets
    for (const status of ['closed', 'open', 'resolved', 'in_progress', 'open'] as const) {
      const response = await call(grace, 'PATCH', `/api/admin/tickets/${ticket!.id}/status`, {
        status,
      })
      expect(response.json().status).toBe(status)
      const stored = (await adminList()).tickets.find((t) => t.id === ticket!.id)
      expect(stored?.status).toBe(status)
    }
  })

  it('refuse a bad status, a bad id and an unknown ticket', async () => {
    const [ticket] = (await adminList()).tickets
    const bad = await call(grace, 'PATCH', `/api/admin/tickets/${ticket!.id}/status`, {
      status: 'done',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.message).toContain('status: ')
    const badId = await call(grace, 'PATCH', '/api/admin/tickets/42/status', { status: 'open' })
    expect(badId.statusCode).toBe(400)
    expect(badId.json().error.message).toContain('id: Not a valid id')
    const unknown = await call(
      grace,
      'PATCH',
      '/api/admin/tickets/00000000-0000-4000-8000-000000000000/status',
      { status: 'open' },
    )
    expect(unknown.statusCode).toBe(404)
    expect((await call(grace, 'GET', '/api/admin/tickets?status=done')).statusCode).toBe(400)
  })

  it('answer 403 to a signed-in non-admin and 401 without a session, and change nothing', async () => {
    const [ticket] = (await adminList()).tickets
    const routes = [
      ['GET', '/api/admin/tickets', undefined],
      ['GET', '/api/admin/tickets?status=open', undefined],
      ['PATCH', `/api/admin/tickets/${ticket!.id}/status`, { status: 'closed' }],
    ] as const
    for (const [method, url, body] of routes) {
      const forbidden = await call(ada, method, url, body)
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403)
      expect(forbidden.json().error).toEqual({
        code: 'not_admin',
        message: "You don't have permission to access the admin panel.",
      })
      expect((await call(undefined, method, url, body)).statusCode, `${method} ${url}`).toBe(401)
    }
    expect((await adminList()).tickets.find((t) => t.id === ticket!.id)?.status).toBe(
      ticket!.status,
    )
  })

  it('refuse a cross-origin status change, even from the admin', async () => {
    const [ticket] = (await adminList()).tickets
    const response = await h.app.inject({
      method: 'PATCH',
      url: `/api/admin/tickets/${ticket!.id}/status`,
      headers: { origin: 'https://evil.example' },
      cookies: { inkwell_session: grace },
      payload: { status: 'closed' },
    })
    expect(response.statusCode).toBe(403)
    expect((await adminList()).tickets.find((t) => t.id === ticket!.id)?.status).toBe(
      ticket!.status,
    )
  })
})

describe('priority support', () => {
  async function setPlan(email: string, pro: boolean) {
    await h.db
      .update(users)
      .set(
        pro
          ? { plan: 'pro', proExpiration: new Date(Date.now() + 30 * 24 * 3600 * 1000) }
          : { plan: 'free', proExpiration: null },
      )
      .where(eq(users.email, email))
  }

  it("marks a Pro user's ticket, never a Free user's or an anonymous one, whatever the form says", async () => {
    await setPlan('ada@example.com', true)
    try {
      const pro = await call(ada, 'POST', '/api/contact', { message: 'Pro question' })
      expect(pro.statusCode).toBe(201)
      expect(pro.json()).toMatchObject({ status: 'open', prioritySupport: true })
      const [row] = await h.db.select().from(tickets).where(eq(tickets.id, pro.json().id))
      expect(row!.prioritySupport).toBe(true)
    } finally {
      await setPlan('ada@example.com', false)
    }
    for (const session of [ada, undefined]) {
      const response = await call(session, 'POST', '/api/contact', {
        message: 'Me first?',
        prioritySupport: true,
      })
      expect(response.json().prioritySupport).toBe(false)
      const [row] = await h.db.select().from(tickets).where(eq(tickets.id, response.json().id))
      expect(row!.prioritySupport).toBe(false)
    }
  })

  it('puts priority tickets still to answer first in the admin list, then newest first', async () => {
    await setPlan('ada@example.com', true)
    let priorityId: string
    try {
      priorityId = (await call(ada, 'POST', '/api/contact', { message: 'Pro, older' })).json().id
    } finally {
      await setPlan('ada@example.com', false)
    }
    const newer = (await call(undefined, 'POST', '/api/contact', { message: 'Free, newer' })).json()
    const first = (await adminList()).tickets
    const openPriority = first.filter((t) => t.prioritySupport && t.status === 'open')
    expect(first.slice(0, openPriority.length).every((t) => t.prioritySupport)).toBe(true)
    expect(first.map((t) => t.id).indexOf(priorityId)).toBeLessThan(
      first.map((t) => t.id).indexOf(newer.id),
    )
    expect((await adminList('?status=open')).tickets[0]!.prioritySupport).toBe(true)

    // Answered, it no longer jumps the queue: it sits in date order among the rest.
    for (const t of openPriority) {
      await call(grace, 'PATCH', `/api/admin/tickets/${t.id}/status`, { status: 'resolved' })
    }
    await call(grace, 'PATCH', `/api/admin/tickets/${priorityId}/status`, { status: 'resolved' })
    const after = (await adminList()).tickets
    const times = after.map((t) => t.createdAt)
    expect(times).toEqual([...times].sort().reverse())
    expect(after[0]!.id).toBe(newer.id)
  })
})
