import type { FastifyInstance } from 'fastify'
import { performance } from 'node:perf_hooks'
import { signIn } from '../src/server/test/google-sign-in.js'

/**
 * The cold first page, as the benches time it: from the start of the Google sign-in until the
 * first Inbox page (`GET /api/gmail/threads?limit=50`) has answered with its threads. With
 * `expected`, a page of another length is an error (a mailbox that should fill it).
 */
export async function coldFirstPage(app: FastifyInstance, email: string, expected?: number) {
  const started = performance.now()
  const { session } = await signIn({ app }, email)
  const signedIn = performance.now()
  const response = await app.inject({
    url: '/api/gmail/threads?limit=50',
    cookies: { inkwell_session: session! },
  })
  const shown: number | undefined = response.json().threads?.length
  if (shown === undefined)
    throw new Error(`GET threads answered ${response.statusCode}: ${response.body}`)
  if (expected !== undefined && shown !== expected)
    throw new Error(`expected ${expected} threads, got ${shown}`)
  return { started, signedIn, elapsed: performance.now() - started, session: session!, shown }
}
