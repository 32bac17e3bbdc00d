import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { SendEmailInput, SendEmailResultSchema } from '../../../../contract/mail'
import type { ScheduledSendAccepted } from '../../../../contract/scheduled'
import { ApiError, apiRequest } from '../../../lib/api-client'
import { SCHEDULED_KEY } from '../scheduled/scheduled-api'
import { THREADS_KEY } from './get-threads'

export type SendEmailResult = z.infer<typeof SendEmailResultSchema>

/**
 * What Send did (decision 053): went now (200, with the sent message), or waits (202) — the
 * Undo send window or a Send later time — with the id that cancels it.
 */
export type SendOutcome =
  ({ status: 'sent' } & SendEmailResult) | ({ status: 'waiting' } & ScheduledSendAccepted)

/** How often, and how long apart, a send the server says is still under way is asked again. */
const IN_PROGRESS_TRIES = 30
const IN_PROGRESS_WAIT_MS = 3_000

/** Random hex (getRandomValues works on plain http too, where randomUUID does not). */
function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('')
}

/** A 53-bit hash of `text` (cyrb53): tells one message's content from another's, not secret. */
function contentHash(text: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ c, 2654435761)
    h2 = Math.imul(h2 ^ c, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)
}

/**
 * Sends, with an Idempotency-Key (issue 22): the editor's own id plus a hash of what is sent,
 * so pressing Send again after a lost answer (the network, a server restart) is answered with
 * the first send's result instead of sending twice, while an edited message is a new send.
 * A send the server says is still under way (409 send_in_progress) is asked again shortly.
 * With `undo` or `sendAt` the server answers 202: the message waits, and the answer says so.
 */
export async function sendEmail(input: SendEmailInput, editorId: string): Promise<SendOutcome> {
  const key = `${editorId}-${contentHash(JSON.stringify(input))}`
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await apiRequest('POST', '/api/gmail/send', input, {
        'Idempotency-Key': key,
      })
      if (response.status === 202) {
        return { status: 'waiting', ...((await response.json()) as ScheduledSendAccepted) }
      }
      return { status: 'sent', ...((await response.json()) as SendEmailResult) }
    } catch (error) {
      const stillSending =
        error instanceof ApiError && error.status === 409 && error.code === 'send_in_progress'
      if (!stillSending || attempt >= IN_PROGRESS_TRIES) throw error
      await new Promise((resolve) => setTimeout(resolve, IN_PROGRESS_WAIT_MS))
    }
  }
}

/** Sends (a reply names its thread); thread lists and that thread refresh afterwards. */
export function useSendEmail() {
  const queryClient = useQueryClient()
  // One id per editor: its retries of the same message share a key.
  const [editorId] = useState(() => randomHex(12))
  return useMutation({
    mutationFn: (input: SendEmailInput) => sendEmail(input, editorId),
    onSuccess: (outcome) => {
      // The lists (a reply moves its thread up) and the thread itself (the new message); a
      // waiting message shows in Scheduled, and in Sent once it went (the live stream says).
      if (outcome.status === 'waiting')
        void queryClient.invalidateQueries({ queryKey: SCHEDULED_KEY })
      else void queryClient.invalidateQueries({ queryKey: [THREADS_KEY] })
    },
  })
}
