import {
  MutationObserver,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
} from '@tanstack/react-query'
import type { z } from 'zod'
import type { BulkThreadActionResultSchema, Label, LabelList } from '../../../../contract/labels'
import type { Thread } from '../../../../contract/mail'
import { applyLabelChange } from '../../../../contract/thread-labels'
import { ToastAction } from '../../../components/ui/toast'
import { toast } from '../../../components/ui/use-toast'
import { ApiError, apiJson } from '../../../lib/api-client'
import {
  changeSummary,
  inverseOf,
  labelChangeOf,
  leavesList,
  type ListOnScreen,
  type MailChange,
} from '../mailbox/changes'
import { SNOOZED_LABEL_NAME } from '../mailbox/views'
import { labelNameOf } from '../labels'
import { labelsKey } from './get-labels'
import { threadListsKey, type ThreadListParams, type ThreadPages } from './get-threads'
import { unreadCountKey } from './get-unread-count'
import { showCounts } from './mail-counts'
import { releaseHeldReload } from './sync-mail'
import { actionAnswered, actionSent, threadActionMutationKey } from './thread-actions-in-flight'

type BulkResult = z.infer<typeof BulkThreadActionResultSchema>

/**
 * POST /api/gmail/threads/:id/actions for one conversation, POST /api/gmail/threads/actions
 * (Gmail's batch modify) for a selection.
 */
export async function changeThreads(ids: readonly string[], change: MailChange): Promise<void> {
  if (ids.length === 1) {
    await apiJson<Thread>(
      'POST',
      `/api/gmail/threads/${encodeURIComponent(ids[0]!)}/actions`,
      change,
    )
    return
  }
  await apiJson<BulkResult>('POST', '/api/gmail/threads/actions', { threadIds: ids, change })
}

export type ChangeVariables = {
  ids: readonly string[]
  change: MailChange
  /** The toast's words; none for an undo. */
  summary?: string
  silent?: boolean
}

type Snapshot = {
  lists: [readonly unknown[], ThreadPages | undefined][]
  undoCounts: () => void
}

const snoozedLabelId = (queryClient: QueryClient) =>
  queryClient
    .getQueryData<LabelList | null>(labelsKey)
    ?.labels.find((l: Label) => l.name === SNOOZED_LABEL_NAME)?.id

/** The list a cached query holds, as changes see it. */
function listOf(key: readonly unknown[], snoozedId: string | undefined): ListOnScreen | null {
  const params = key[2] as (ThreadListParams & { q: string }) | undefined
  if (!params) return null
  // A search's results are what matched: they change only when searched again.
  if (params.q) return null
  return { label: params.label, scope: 'label', snoozed: params.label === snoozedId }
}

/**
 * The options of a change to conversations: the lists change at once (the labels on each row,
 * and the rows that leave a list), the server is asked, and the lists, the counts and the
 * labels are read again when it answers. A failure puts the lists back as they were.
 */
export function changeThreadsOptions(
  queryClient: QueryClient,
): UseMutationOptions<void, Error, ChangeVariables, Snapshot> {
  return {
    // Counted as a thread action, so a live reload waits until the change has landed.
    mutationKey: threadActionMutationKey,
    mutationFn: ({ ids, change }) => changeThreads(ids, change),
    onMutate: async ({ ids, change }) => {
      actionSent(queryClient)
      await queryClient.cancelQueries({ queryKey: threadListsKey })
      const snoozedId = snoozedLabelId(queryClient)
      const labels = labelChangeOf(change, snoozedId)
      // The rows name user labels (decision 031) while a change gives ids: said in the rows' words.
      const nameOf = labelNameOf(
        queryClient.getQueryData<LabelList | null>(labelsKey)?.labels ?? [],
      )
      const rowChange = { add: labels.add.map(nameOf), remove: labels.remove.map(nameOf) }
      const chosen = new Set(ids)
      const lists: Snapshot['lists'] = []
      // Each conversation as it was, from the first list that shows it: for the counts.
      const before = new Map<string, Thread>()
      for (const [key, data] of queryClient.getQueriesData<ThreadPages>({
        queryKey: threadListsKey,
      })) {
        if (!data) continue
        lists.push([key, data])
        const list = listOf(key, snoozedId)
        const leaves = list !== null && leavesList(change, list)
        let removed = 0
        const pages = data.pages.map((page) => {
          const threads = page.threads.flatMap((thread) => {
            if (!chosen.has(thread.id)) return [thread]
            if (!before.has(thread.id)) before.set(thread.id, thread)
            if (leaves) {
              removed += 1
              return []
            }
            const next = applyLabelChange(thread.labels.map(nameOf), rowChange)
            return [
              {
                ...thread,
                labels: next,
                isUnread: next.includes('UNREAD'),
                isStarred: next.includes('STARRED'),
              },
            ]
          })
          return { ...page, threads }
        })
        if (pages[0] && removed > 0)
          pages[0] = { ...pages[0], total: Math.max(0, pages[0].total - removed) }
        queryClient.setQueryData(key, { ...data, pages })
      }
      // The sidebar's counts change with the lists.
      const undoCounts = showCounts(
        queryClient,
        ids.map((id) => ({ id, before: before.get(id), change: labels })),
      )
      return { lists, undoCounts }
    },
    onError: (error, _variables, snapshot) => {
      for (const [key, data] of snapshot?.lists ?? []) queryClient.setQueryData(key, data)
      snapshot?.undoCounts()
      toast({
        variant: 'destructive',
        title: 'That change did not go through',
        description:
          (error instanceof ApiError ? error.detail : null) ??
          'Your change was undone. Please try again.',
      })
    },
    onSuccess: (_data, { ids, change, summary, silent }) => {
      if (silent || !summary) return
      const inverse = inverseOf(change)
      toast({
        title: summary,
        action: inverse ? (
          <ToastAction
            altText="Undo"
            onClick={() => runChange(queryClient, { ids, change: inverse, silent: true })}
          >
            Undo
          </ToastAction>
        ) : undefined,
      })
    },
    onSettled: async () => {
      actionAnswered(queryClient)
      releaseHeldReload(queryClient)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: threadListsKey }),
        queryClient.invalidateQueries({ queryKey: labelsKey }),
        queryClient.invalidateQueries({ queryKey: unreadCountKey }),
      ])
    },
  }
}

/** Runs a change outside a component (the toast's Undo outlives the list it was done in). */
export function runChange(queryClient: QueryClient, variables: ChangeVariables): void {
  void new MutationObserver(queryClient, changeThreadsOptions(queryClient))
    .mutate(variables)
    .catch(() => undefined)
}

/** Changes conversations: labels, moves, snoozes, and a selection's simple actions. */
export function useChangeThreads() {
  const queryClient = useQueryClient()
  return (variables: ChangeVariables) => runChange(queryClient, variables)
}

/** The toast's words for a change, with the labels' names. */
export function summaryOf(queryClient: QueryClient, change: MailChange, count: number): string {
  const labels = queryClient.getQueryData<LabelList | null>(labelsKey)?.labels ?? []
  return changeSummary(change, count, (id) => labels.find((l) => l.id === id)?.name ?? id)
}
