import { Suspense, useEffect } from 'react'
import type { Label } from '../../../../contract/labels'
import { lazyComponent } from '../../../lib/lazy-component'
import { loadWhenIdle } from '../../../lib/when-idle'
import type { MailboxPickers as Pickers } from '../use-mailbox-pickers'

// Dialogs (Radix's dialog, its focus trap and scroll lock): out of the list's first paint, loaded
// when the browser is idle after it, well before a key opens one (decision 061).
const LabelPicker = lazyComponent(() => import('./label-picker').then((m) => m.LabelPicker))
const MoveToPicker = lazyComponent(() => import('./label-picker').then((m) => m.MoveToPicker))
const SnoozePicker = lazyComponent(() => import('./snooze-picker').then((m) => m.SnoozePicker))

/** The open picker of `l`, `v` or `b`, mounted while open so each opening starts afresh. */
export function MailboxPickers({
  pickers,
  labels,
}: {
  pickers: Pickers
  labels: readonly Label[] | undefined
}) {
  useEffect(() => {
    const cancels = [LabelPicker, MoveToPicker, SnoozePicker].map((picker) =>
      loadWhenIdle(picker.preload),
    )
    return () => cancels.forEach((cancel) => cancel())
  }, [])
  let picker
  switch (pickers.kind) {
    case 'label':
      picker = (
        <LabelPicker
          open
          onOpenChange={pickers.setOpen}
          labels={labels}
          ticks={pickers.ticks}
          count={pickers.count}
          onApply={pickers.applyLabels}
          onCreate={pickers.createAndApply}
        />
      )
      break
    case 'move':
      picker = (
        <MoveToPicker open onOpenChange={pickers.setOpen} labels={labels} onPick={pickers.moveTo} />
      )
      break
    case 'snooze':
      picker = <SnoozePicker open onOpenChange={pickers.setOpen} onSnooze={pickers.snooze} />
      break
    default:
      return null
  }
  return <Suspense fallback={null}>{picker}</Suspense>
}
