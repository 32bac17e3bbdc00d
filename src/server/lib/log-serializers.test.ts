import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { gmail } from '@googleapis/gmail'
import { OAuth2Client } from 'google-auth-library'
import { createTestDatabase } from '../test/database.js'
import { startFaultProxy } from '../test/fault-proxy.js'
import { UpstreamError } from './errors.js'
import { serializeError, serializeRequest } from './log-serializers.js'
import type { FastifyRequest } from 'fastify'

/** What a user wrote; no log line may carry it. */
const SECRET = 'Dear Ada, the merger closes Friday'

describe('what the logs may say about an error', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => database?.drop())

  it("keeps a failed query's SQL and SQLSTATE, never its parameters or PostgreSQL's quote of them", async () => {
    const failure = await database.db
      .execute(sql`select ${SECRET}::int as n`)
      .then(() => null)
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(Error)
    // PostgreSQL itself quotes the value: 'invalid input syntax for type integer: "Dear Ada…"'.
    expect(String((failure as Error).cause)).toContain(SECRET)

    const logged = serializeError(failure)
    expect(JSON.stringify(logged)).not.toContain('merger')
    expect(logged.query).toContain('::int')
    expect(logged.cause).toMatchObject({ code: '22P02' })
  })

  it('keeps what Gmail answered, never the mail that was sent or the request headers', async () => {
    const proxy = await startFaultProxy('http://127.0.0.1:9', {
      fault: () => ({
        status: 400,
        body: JSON.stringify({ error: { status: 'INVALID_ARGUMENT' } }),
      }),
    })
    try {
      const auth = new OAuth2Client()
      auth.setCredentials({
        access_token: 'token-never-logged',
        expiry_date: Date.now() + 3_600_000,
      })
      const api = gmail({ version: 'v1', auth, rootUrl: `${proxy.url}/`, retry: false })
      const failure = await api.users.messages
        .send({ userId: 'me', requestBody: { raw: Buffer.from(SECRET).toString('base64url') } })
        .then(() => null)
        .catch((error: unknown) => error)
      const logged = serializeError(
        new UpstreamError('Gmail refused', undefined, { cause: failure }),
      )
      const text = JSON.stringify(logged)
      expect(text).not.toContain(Buffer.from(SECRET).toString('base64url'))
      expect(text).not.toContain('token-never-logged')
      expect(logged).toMatchObject({
        type: 'UpstreamError',
        message: 'Gmail refused',
        cause: {
          status: 400,
          reason: 'INVALID_ARGUMENT',
          request: { method: 'POST', path: '/gmail/v1/users/me/messages/send' },
        },
      })
    } finally {
      await proxy.close()
    }
  })

  it("keeps a stack's frames only: its first line would repeat the message", () => {
    const logged = serializeError(new Error('only once'))
    expect(logged.message).toBe('only once')
    expect(logged.stack).toMatch(/^\s+at /)
    expect(logged.stack).not.toContain('only once')
  })

  it('logs a request by its path: a search or an OAuth code stays out', () => {
    const request = { method: 'GET', url: '/api/gmail/threads?q=merger', ip: '127.0.0.1' }
    expect(serializeRequest(request as FastifyRequest)).toEqual({
      method: 'GET',
      url: '/api/gmail/threads',
      remoteAddress: '127.0.0.1',
    })
  })
})
