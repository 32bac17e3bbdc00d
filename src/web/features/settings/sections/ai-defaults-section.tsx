import { CONTACT_TONES, LANGUAGES } from '../../../../contract/options'
import { OptionSelect } from '../../../components/form-field'
import { Section } from './section'
import type { SettingsFieldsProps } from './settings-fields'

/** The tone and language used for people who are not contacts. */
export function AiDefaultsSection({
  values,
  onChange,
}: SettingsFieldsProps<'defaultTone' | 'defaultLanguage'>) {
  return (
    <Section
      title="AI Defaults"
      description="Used when you write to someone who is not one of your contacts."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <OptionSelect
          label="Default tone"
          options={CONTACT_TONES}
          value={values.defaultTone}
          onChange={(v) => onChange('defaultTone', v)}
        />
        <OptionSelect
          label="Default language"
          options={LANGUAGES}
          value={values.defaultLanguage}
          onChange={(v) => onChange('defaultLanguage', v)}
        />
      </div>
    </Section>
  )
}
