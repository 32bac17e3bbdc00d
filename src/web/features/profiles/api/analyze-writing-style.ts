import { queryOptions, useQuery } from '@tanstack/react-query'
import { StyleAnalysisSchema, type StyleAnalysis } from '../../../../contract/ai'
import { apiJson } from '../../../lib/api-client'

export async function analyzeWritingStyle(text: string): Promise<StyleAnalysis> {
  return StyleAnalysisSchema.parse(
    await apiJson<unknown>('POST', '/api/ai/analyze-writing-style', { text }),
  )
}

/** The analysis of one text; the same text is not analysed twice while it stays cached. */
export const writingStyleQuery = (text: string) =>
  queryOptions({
    queryKey: ['/api/ai/analyze-writing-style', text],
    queryFn: () => analyzeWritingStyle(text),
    enabled: text.trim() !== '',
  })

/** Analyses `text` (the caller debounces it); nothing is sent for blank text (spec section 5). */
export function useWritingStyleAnalysis(text: string) {
  return useQuery(writingStyleQuery(text))
}
