import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ThreadDetail } from '../../../contract/mail'
import { createQueryClient } from '../../lib/query-client'
import { replyOptionsQuery } from '../ai/api/get-reply-options'
import { replyOptionsInput } from '../ai/smart-reply-source'
import { threadDetailKey } from './api/get-thread'
import { smartReplySource } from './reply-source'
import { prefetchSmartReply } from './smart-reply-start'

/** Only what Smart Reply reads of a conversation. */
const DETAIL = {
  id: 't1',
  subject: 'Contract',
  messages: [
    {
      subject: 'Contract',
      sender: { name: 'Dana Cruz', email: 'dana@example.com' },
      textBody: 'Could you send the signed contract?',
      body: '',
      snippet: 'Could you send',
    },
  ],
} as unknown as ThreadDetail
const OPTIONS = [
  { label: 'Send it today', instruction: 'Say it goes out today' },
  { label: 'Ask for a week', instruction: 'Ask for a week' },
  { label: 'Decline', instruction: 'Decline politely' },
]

function serve() {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
    url === '/api/ai/reply-options' ? Response.json({ options: OPTIONS }) : Response.json(DETAIL),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => vi.unstubAllGlobals())

describe('Smart Reply started from the click', () => {
  it('asks for the reply options at once when the conversation is cached, and only once', async () => {
    const fetchMock = serve()
    const client = createQueryClient()
    client.setQueryData(threadDetailKey('t1'), DETAIL)

    prefetchSmartReply(client, 't1')
    // In the click's own task: before the dialog's code has loaded or mounted.
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/ai/reply-options'])

    // The dialog builds the same input, so it reads that request instead of asking again.
    const source = smartReplySource('t1', DETAIL)!
    const options = await client.fetchQuery(replyOptionsQuery(replyOptionsInput(source)))
    expect(options).toEqual(OPTIONS)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({
      originalEmailBody: 'Could you send the signed contract?',
      senderEmail: 'dana@example.com',
      threadId: 't1',
      subject: 'Contract',
    })
  })

  it('loads a conversation that is not cached, then asks for its options', async () => {
    const fetchMock = serve()
    const client = createQueryClient()
    prefetchSmartReply(client, 't1')
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2))
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/gmail/threads/t1',
      '/api/ai/reply-options',
    ])
  })
})
