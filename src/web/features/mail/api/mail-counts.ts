import type { QueryClient } from '@tanstack/react-query'
import type { Label, LabelList } from '../../../../contract/labels'
import type { LabelChange } from '../../../../contract/thread-labels'
import { labelsKey } from './get-labels'
import { labelIdOf } from '../labels'
import { unreadCountKey } from './get-unread-count'

/**
 * A conversation as the counts see it: its labels as the lists give them (Gmail's ids, user
 * labels by name, decision 031) and whether it is unread.
 */
export type CountedThread = { labels: readonly string[]; isUnread: boolean }

/** One conversation's change: as it was, and the labels added and removed. */
export type CountedChange = { before: CountedThread; change: LabelChange }

/** What changes make of the counts: each label's (by id), and the Inbox badge's. */
export type CountDelta = {
  labels: ReadonlyMap<string, { total: number; unread: number }>
  inboxUnread: number
}

type State = { ids: ReadonlySet<string>; unread: boolean }

type IdOf = (label: string) => string

/** A conversation before and after `change`, its labels by id. */
function states({ before, change }: CountedChange, idOf: IdOf): { was: State; now: State } {
  const was: State = { ids: new Set(before.labels.map(idOf)), unread: before.isUnread }
  const removed = new Set(change.remove.map(idOf))
  const ids = new Set([...was.ids].filter((id) => !removed.has(id)))
  // Unread changes only with the UNREAD label itself.
  const added = new Set(change.add.map(idOf))
  for (const id of added) ids.add(id)
  const unread = removed.has('UNREAD') ? false : added.has('UNREAD') || was.unread
  return { was, now: { ids, unread } }
}

/** The labels a conversation counts under, as the database's trigger has it: in the trash, only the trash. */
const countedUnder = (state: State) => (state.ids.has('TRASH') ? ['TRASH'] : [...state.ids])

/** The badge's rule (the server's unread-count): unread, in the Inbox, not in the trash. */
const inInboxUnread = (state: State) =>
  state.unread && state.ids.has('INBOX') && !state.ids.has('TRASH')

/**
 * How `changes` move the counts, by the rules the server counts with (the label counters'
 * trigger, and the badge's query), so the sidebar can show them before the server answers.
 */
export function countDelta(
  changes: readonly CountedChange[],
  labels: readonly Pick<Label, 'id' | 'name'>[],
): CountDelta {
  const idOf = labelIdOf(labels)
  const byLabel = new Map<string, { total: number; unread: number }>()
  const count = (state: State, sign: 1 | -1) => {
    for (const id of countedUnder(state)) {
      const entry = byLabel.get(id) ?? { total: 0, unread: 0 }
      byLabel.set(id, {
        total: entry.total + sign,
        unread: entry.unread + (state.unread ? sign : 0),
      })
    }
  }
  let inboxUnread = 0
  for (const change of changes) {
    const { was, now } = states(change, idOf)
    count(was, -1)
    count(now, 1)
    inboxUnread += Number(inInboxUnread(now)) - Number(inInboxUnread(was))
  }
  for (const [id, entry] of byLabel) if (!entry.total && !entry.unread) byLabel.delete(id)
  return { labels: byLabel, inboxUnread }
}

/** `list` with `delta` added (`sign` -1 takes it back); never below zero. */
export function withCounts(list: LabelList, delta: CountDelta, sign: 1 | -1 = 1): LabelList {
  if (delta.labels.size === 0) return list
  return {
    labels: list.labels.map((label) => {
      const change = delta.labels.get(label.id)
      if (!change) return label
      return {
        ...label,
        total: Math.max(0, label.total + sign * change.total),
        unread: Math.max(0, label.unread + sign * change.unread),
      }
    }),
  }
}

function apply(queryClient: QueryClient, delta: CountDelta, sign: 1 | -1) {
  queryClient.setQueryData<LabelList | null>(labelsKey, (data) =>
    data ? withCounts(data, delta, sign) : data,
  )
  if (delta.inboxUnread !== 0)
    queryClient.setQueryData<{ count: number } | null>(unreadCountKey, (data) =>
      data ? { count: Math.max(0, data.count + sign * delta.inboxUnread) } : data,
    )
}

/**
 * The conversations changed here lately, as they were left, for a change to one no list shows
 * any more: the Undo of an archive finds it in no list, and its counts would otherwise wait
 * for the server. The lists, when they show it, know better.
 */
const leftAs = new WeakMap<QueryClient, Map<string, CountedThread>>()
const REMEMBERED = 1_000

/**
 * Shows at once the counts the changes lead to (the sidebar's labels and the Inbox badge), as
 * the lists show the conversations; `before` is the conversation as a list or the viewer shows
 * it, if one does. Returns what takes the counts back when the server refuses.
 */
export function showCounts(
  queryClient: QueryClient,
  changes: readonly { id: string; before: CountedThread | undefined; change: LabelChange }[],
) {
  const labels = queryClient.getQueryData<LabelList | null>(labelsKey)?.labels ?? []
  const idOf = labelIdOf(labels)
  let remembered = leftAs.get(queryClient)
  if (!remembered) leftAs.set(queryClient, (remembered = new Map()))
  const known: CountedChange[] = []
  for (const { id, before = remembered.get(id), change } of changes) {
    if (!before) continue
    known.push({ before, change })
    const { now } = states({ before, change }, idOf)
    remembered.delete(id)
    remembered.set(id, { labels: [...now.ids], isUnread: now.unread })
  }
  for (const id of remembered.keys()) {
    if (remembered.size <= REMEMBERED) break
    remembered.delete(id)
  }
  const delta = countDelta(known, labels)
  apply(queryClient, delta, 1)
  return () => apply(queryClient, delta, -1)
}
