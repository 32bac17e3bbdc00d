import type { Label } from '../../../../contract/labels'
import type { MailboxPickers as Pickers } from '../use-mailbox-pickers'
import { LabelPicker, MoveToPicker } from './label-picker'
import { SnoozePicker } from './snooze-picker'

/** The open picker of `l`, `v` or `b`, mounted while open so each opening starts afresh. */
export function MailboxPickers({
  pickers,
  labels,
}: {
  pickers: Pickers
  labels: readonly Label[] | undefined
}) {
  switch (pickers.kind) {
    case 'label':
      return (
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
    case 'move':
      return (
        <MoveToPicker open onOpenChange={pickers.setOpen} labels={labels} onPick={pickers.moveTo} />
      )
    case 'snooze':
      return <SnoozePicker open onOpenChange={pickers.setOpen} onSnooze={pickers.snooze} />
    default:
      return null
  }
}
