import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Label, LabelList } from '../../../../contract/labels'
import { apiGet } from '../../../lib/api-client'
import { readAfterActions } from './thread-actions-in-flight'

/** The mailbox's labels with their counts: the sidebar, the chips and the pickers share it. */
export const labelsKey = ['/api/gmail/labels'] as const

/** Null while Gmail is not connected. */
export function getLabels(signal?: AbortSignal): Promise<LabelList | null> {
  return apiGet<LabelList>('/api/gmail/labels', { on401: 'returnNull', signal })
}

export const labelsQuery = queryOptions({
  queryKey: labelsKey,
  // The counts an action shows at once stand until the server holds it.
  queryFn: ({ client, signal }) => readAfterActions(client, () => getLabels(signal), signal),
  // Counts follow the live events (reloadMail); this is the fallback while the stream is shut.
  refetchInterval: 60_000,
  staleTime: 30_000,
})

/** GET /api/gmail/labels, kept live with the mailbox. */
export function useLabels(options: { enabled?: boolean } = {}) {
  return useQuery({ ...labelsQuery, enabled: options.enabled ?? true })
}

/** The labels by id, for chips: empty until they are known. */
export function useLabelIndex(): ReadonlyMap<string, Label> {
  const { data } = useQuery({ ...labelsQuery, select: indexLabels })
  return data ?? EMPTY
}

const EMPTY: ReadonlyMap<string, Label> = new Map()

/**
 * The labels by id and by name: the thread lists name user labels (decision 031) while the
 * label API, and a change made here before the list is read again, use their ids.
 */
function indexLabels(data: LabelList | null): ReadonlyMap<string, Label> {
  const labels = data?.labels ?? []
  return new Map([
    ...labels.map((label) => [label.name, label] as const),
    ...labels.map((label) => [label.id, label] as const),
  ])
}
