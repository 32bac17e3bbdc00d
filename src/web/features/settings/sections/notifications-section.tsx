import { Section } from './section'
import type { SettingsFieldsProps } from './settings-fields'
import { Toggle } from './toggle'

/** E-mails from Inkwell and AI suggestions while reading. */
export function NotificationsSection({
  values,
  onChange,
}: SettingsFieldsProps<'emailNotifications' | 'aiSuggestions'>) {
  return (
    <Section title="Notifications">
      <div className="divide-y">
        <Toggle
          label="Email notifications"
          description="E-mails from Inkwell about your account and usage."
          checked={values.emailNotifications}
          onChange={(v) => onChange('emailNotifications', v)}
        />
        <Toggle
          label="AI suggestions"
          description="Offer smart replies and writing suggestions as you read."
          checked={values.aiSuggestions}
          onChange={(v) => onChange('aiSuggestions', v)}
        />
      </div>
    </Section>
  )
}
