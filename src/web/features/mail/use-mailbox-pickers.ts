import { useState } from 'react'
import type { Label } from '../../../contract/labels'
import type { Thread } from '../../../contract/mail'
import { useCreateLabel } from './api/create-label'
import { useLabels } from './api/get-labels'
import { labelIdOf } from './labels'
import { formatSnoozeTime, userTimeZone } from './mailbox/snooze-presets'
import type { Ticks } from './components/label-picker'
import type { useInboxActions } from './use-inbox-actions'

export type PickerKind = 'label' | 'move' | 'snooze'

/**
 * How many of `ids` carry each label (by its id, as the picker lists them; the rows name user
 * labels): all of them, or some.
 */
export function ticksOf(
  ids: readonly string[],
  threads: readonly Thread[],
  idOf: (label: string) => string,
): Ticks {
  const counts = new Map<string, number>()
  for (const id of ids) {
    const thread = threads.find((t) => t.id === id)
    for (const label of new Set((thread?.labels ?? []).map(idOf)))
      counts.set(label, (counts.get(label) ?? 0) + 1)
  }
  return new Map([...counts].map(([label, n]) => [label, n === ids.length ? 'all' : 'some']))
}

/**
 * The pickers of `l`, `v` and `b`: which one is open, for which conversations (the selection,
 * else what keys act on, as they were when it opened), and what each choice sends.
 */
export function useMailboxPickers({
  actions,
  threads,
}: {
  actions: ReturnType<typeof useInboxActions>
  threads: readonly Thread[]
}) {
  const [open, setOpen] = useState<{ kind: PickerKind; ids: readonly string[] } | null>(null)
  const createLabel = useCreateLabel()
  const { data: labels } = useLabels()
  const ids = open?.ids ?? []

  const show = (kind: PickerKind) => {
    const targets = actions.changeTargets()
    if (targets.length > 0) setOpen({ kind, ids: targets })
  }

  return {
    kind: open?.kind ?? null,
    /** `l`, `v` and `b`. */
    keys: { l: () => show('label'), v: () => show('move'), b: () => show('snooze') },
    count: ids.length,
    ticks:
      open?.kind === 'label' ? ticksOf(ids, threads, labelIdOf(labels?.labels ?? [])) : new Map(),
    /** Opens a picker for what a change is for now; nothing if there is nothing to change. */
    show,
    setOpen: (isOpen: boolean) => {
      if (!isOpen) setOpen(null)
    },
    applyLabels: (change: { add: string[]; remove: string[] }) =>
      actions.change({ action: 'label', ...change }, { ids }),
    createAndApply: async (name: string) => {
      const label: Label = await createLabel.mutateAsync({ name })
      actions.change({ action: 'label', add: [label.id], remove: [] }, { ids })
    },
    moveTo: (to: string) => actions.change({ action: 'move', to }, { ids }),
    snooze: (until: Date) =>
      actions.change(
        { action: 'snooze', until: until.toISOString() },
        { ids, summary: `Snoozed until ${formatSnoozeTime(until, userTimeZone())}` },
      ),
  }
}

export type MailboxPickers = ReturnType<typeof useMailboxPickers>
