import { useState } from 'react'
import { notificationPermission } from '../../../lib/notification-permission'
import { Section } from './section'
import type { SettingsFieldsProps } from './settings-fields'
import { Toggle } from './toggle'

const BLOCKED =
  'Your browser blocks notifications from Inkwell. Allow them in the site settings (the icon left of the address) to see new mail on your desktop.'
const UNSUPPORTED = 'This browser cannot show desktop notifications.'

/** Desktop notifications of new mail (with the browser's permission) and AI suggestions. */
export function NotificationsSection({
  values,
  onChange,
}: SettingsFieldsProps<'emailNotifications' | 'aiSuggestions'>) {
  const [permission, setPermission] = useState(notificationPermission)

  // Turning notifications on is the moment to ask the browser (a click, as browsers require).
  const setNotifications = async (on: boolean) => {
    onChange('emailNotifications', on)
    if (!on || permission !== 'default') return
    setPermission(await Notification.requestPermission())
  }

  const note =
    values.emailNotifications && permission === 'denied'
      ? BLOCKED
      : values.emailNotifications && permission === 'unsupported'
        ? UNSUPPORTED
        : null

  return (
    <Section title="Notifications">
      <div className="divide-y">
        <div>
          <Toggle
            label="Email notifications"
            description="A desktop notification when new mail arrives while Inkwell is open."
            checked={values.emailNotifications}
            onChange={(on) => void setNotifications(on)}
          />
          {note && (
            <p role="status" className="pb-3 text-xs text-destructive" data-testid="notice-blocked">
              {note}
            </p>
          )}
        </div>
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
