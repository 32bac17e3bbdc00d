import { UNDO_SEND_SECONDS } from '../../../../contract/options'
import type { UserSettings } from '../../../../contract/settings'
import { OptionSelect } from '../../../components/form-field'
import { Section } from './section'
import type { SettingsFieldsProps } from './settings-fields'

type UndoSendSeconds = UserSettings['undoSendSeconds']
const CHOICES = UNDO_SEND_SECONDS.map(String)

/** "Off", "5 seconds"…: Gmail's choices for the Undo send window. */
export const undoSendLabel = (seconds: string) => (seconds === '0' ? 'Off' : `${seconds} seconds`)

/** How sending goes: the Undo send window (issue 24, decision 053). */
export function SendingSection({ values, onChange }: SettingsFieldsProps<'undoSendSeconds'>) {
  return (
    <Section
      title="Sending"
      description="After you press Send, your message waits this long, so you can take it back."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <OptionSelect
          label="Undo send"
          options={CHOICES}
          value={String(values.undoSendSeconds)}
          labelOf={undoSendLabel}
          hint="Undo is in the toast that says “Sending…”, or press Shift+Z."
          onChange={(v) => onChange('undoSendSeconds', Number(v) as UndoSendSeconds)}
        />
      </div>
    </Section>
  )
}
