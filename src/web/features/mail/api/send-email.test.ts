import { afterEach, describe, expect, it, vi } from 'vitest'
import { sendEmail } from './send-email'

const MESSAGE = { to: 'grace@example.com', subject: 'Figures', body: 'Attached.', attachments: [] }

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

/** A fetch that answers each call with the next of `answers`, recording the keys sent. */
function serve(...answers: Response[]) {
  const keys: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)['Idempotency-Key']!)
      return answers.shift()!
    }),
  )
  return keys
}
const sent = () => new Response(JSON.stringify({ id: 'm1', threadId: 't1' }), { status: 200 })

describe('sending with an Idempotency-Key', () => {
  it('sends one key for a retry of the same message, and a new one once it is edited', async () => {
    const keys = serve(new Response('{}', { status: 502 }), sent(), sent())
    await expect(sendEmail(MESSAGE, 'editor-1')).rejects.toThrow('502')
    await sendEmail(MESSAGE, 'editor-1')
    await sendEmail({ ...MESSAGE, body: 'Attached, with the chart.' }, 'editor-1')
    expect(keys[0]).toMatch(/^editor-1-[a-z0-9]+$/)
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).not.toBe(keys[0])
  })

  it('asks again while the server says the same send is still under way', async () => {
    vi.useFakeTimers()
    const inProgress = () =>
      new Response(JSON.stringify({ error: { code: 'send_in_progress', message: 'still' } }), {
        status: 409,
      })
    const keys = serve(inProgress(), inProgress(), sent())
    const result = sendEmail(MESSAGE, 'editor-2')
    await vi.runAllTimersAsync()
    expect(await result).toEqual({ status: 'sent', id: 'm1', threadId: 't1' })
    expect(new Set(keys).size).toBe(1)
    expect(keys).toHaveLength(3)
  })
})

describe('a send that waits (Undo send, Send later)', () => {
  it('answers the id that cancels it when the server says 202', async () => {
    const waiting = {
      scheduledId: '6b0d3c2e-1111-4a4a-8888-000000000001',
      sendAt: 'x',
      kind: 'undo',
    }
    serve(new Response(JSON.stringify(waiting), { status: 202 }))
    expect(await sendEmail({ ...MESSAGE, undo: true }, 'editor-3')).toEqual({
      status: 'waiting',
      ...waiting,
    })
  })
})
