import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import type { ReplyOption, ReplyOptionsInput } from '../../../../contract/ai'
import { apiJson } from '../../../lib/api-client'

// zod-free on purpose: the inbox imports this to ask at the click (decision 036 keeps zod out
// of the first screen). The server validates the answer's shape against the contract.

/** POST /api/ai/reply-options: three short ways to answer the mail. Costs no credit. */
export async function getReplyOptions(input: ReplyOptionsInput): Promise<ReplyOption[]> {
  const answer = await apiJson<{ options: ReplyOption[] }>('POST', '/api/ai/reply-options', input)
  return answer.options
}

/**
 * The options for one mail. Keyed by the whole input, so the same mail asked twice (the click,
 * then the dialog; or the dialog opened again) is asked once; they stay for the cache's life.
 */
export const replyOptionsQuery = (input: ReplyOptionsInput) =>
  queryOptions({
    queryKey: ['ai', 'reply-options', input] as const,
    queryFn: () => getReplyOptions(input),
  })

/** Starts asking for the options now (at the click), without waiting for the dialog. */
export function prefetchReplyOptions(queryClient: QueryClient, input: ReplyOptionsInput): void {
  void queryClient.prefetchQuery(replyOptionsQuery(input))
}

export function useReplyOptions(input: ReplyOptionsInput) {
  return useQuery(replyOptionsQuery(input))
}
