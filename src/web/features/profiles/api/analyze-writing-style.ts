import { queryOptions } from '@tanstack/react-query'
import { StyleAnalysisSchema, type StyleAnalysis } from '../../../../contract/ai'
import { apiJson } from '../../../lib/api-client'

export async function analyzeWritingStyle(text: string): Promise<StyleAnalysis> {
  return StyleAnalysisSchema.parse(
    await apiJson<unknown>('POST', '/api/ai/analyze-writing-style', { text }),
  )
}

/**
 * The analysis of one text; the same text is not analysed twice while it stays cached, and
 * nothing is sent for blank text (callers debounce the text).
 */
export const writingStyleQuery = (text: string) =>
  queryOptions({
    queryKey: ['/api/ai/analyze-writing-style', text],
    queryFn: () => analyzeWritingStyle(text),
    enabled: text.trim() !== '',
  })
