import { AFTER_ARCHIVE } from '../../../../contract/options'
import type { UserSettings } from '../../../../contract/settings'
import { OptionSelect } from '../../../components/form-field'
import { Section } from './section'
import type { SettingsFieldsProps } from './settings-fields'

const AFTER_ARCHIVE_LABELS: Record<UserSettings['afterArchive'], string> = {
  list: 'Go back to the list',
  next: 'Open the next conversation',
  previous: 'Open the previous conversation',
}

/** Reading mail: where archive or delete in an open conversation goes (Gmail's auto-advance). */
export function ReadingSection({ values, onChange }: SettingsFieldsProps<'afterArchive'>) {
  return (
    <Section title="Reading" description="How the inbox moves on while you read.">
      <div className="grid gap-4 sm:grid-cols-2">
        <OptionSelect
          label="After archiving or deleting"
          options={AFTER_ARCHIVE}
          value={values.afterArchive}
          labelOf={(choice) => AFTER_ARCHIVE_LABELS[choice]}
          hint="In an open conversation: from the viewer, the keyboard or the row menu."
          onChange={(choice) => onChange('afterArchive', choice)}
        />
      </div>
    </Section>
  )
}
