import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import type { SaveDraftResultSchema, SaveDraftSchema } from '../../../../contract/mail'
import { apiJson } from '../../../lib/api-client'

export type SaveDraftInput = z.input<typeof SaveDraftSchema>
export type SaveDraftResult = z.infer<typeof SaveDraftResultSchema>

/** Creates a Gmail draft, or updates the one named by `draftId` (D6). */
export function saveDraft(input: SaveDraftInput): Promise<SaveDraftResult> {
  return apiJson<SaveDraftResult>('POST', '/api/gmail/drafts', input)
}

export function useSaveDraft() {
  return useMutation({ mutationFn: saveDraft })
}
