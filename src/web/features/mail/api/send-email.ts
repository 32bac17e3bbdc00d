import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { SendEmailInput, SendEmailResultSchema } from '../../../../contract/mail'
import { apiJson } from '../../../lib/api-client'
import { THREADS_KEY } from './get-threads'

export type SendEmailResult = z.infer<typeof SendEmailResultSchema>

export function sendEmail(input: SendEmailInput): Promise<SendEmailResult> {
  return apiJson<SendEmailResult>('POST', '/api/gmail/send', input)
}

/** Sends (a reply names its thread); thread lists and that thread refresh afterwards. */
export function useSendEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendEmail,
    onSuccess: () => {
      // The lists (a reply moves its thread up) and the thread itself (the new message).
      void queryClient.invalidateQueries({ queryKey: [THREADS_KEY] })
    },
  })
}
