import { useMutation, useQueryClient } from '@tanstack/react-query'
import { LearnFromSentMailSchema } from '../../../../contract/ai'
import { apiJson } from '../../../lib/api-client'
import { writingStyleQuery } from './analyze-writing-style'

export async function learnFromSentMail() {
  return LearnFromSentMailSchema.parse(
    await apiJson<unknown>('POST', '/api/ai/learn-from-sent-mail'),
  )
}

/**
 * The user's sent mail as one sample with its analysis. Nothing is saved: the dialog is
 * filled and the user decides. The analysis is cached for the sample, so showing the sample
 * does not analyse it a second time.
 */
export function useLearnFromSentMail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: learnFromSentMail,
    onSuccess: (learned) =>
      queryClient.setQueryData(writingStyleQuery(learned.sample).queryKey, learned.analysis),
  })
}
