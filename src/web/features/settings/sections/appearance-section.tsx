import { EMAIL_THEMES, PRIORITY_DISPLAYS } from '../../../../contract/options'
import type { UserSettings } from '../../../../contract/settings'
import { DarkModeToggle } from './dark-mode-toggle'
import { OptionSelect } from '../../../components/form-field'
import { Section } from './section'
import type { SettingsFieldsProps } from './settings-fields'
import { Toggle } from './toggle'

const EMAIL_THEME_HINTS: Record<UserSettings['emailTheme'], string> = {
  minimal: 'Clean rows with room to breathe.',
  compact: 'Tighter rows, more conversations on screen.',
  colorful: 'Colour accents for labels and senders.',
}

const PRIORITY_HINTS: Record<UserSettings['priorityDisplay'], string> = {
  icons: 'An icon marks urgent and important threads.',
  text: 'A word says how urgent a thread is.',
  colors: 'Coloured chips for urgent, important and normal.',
  minimal: 'Only urgent threads are marked.',
}

/** Email theme, priority display, inbox toggles and the device's dark mode. */
export function AppearanceSection({
  values,
  onChange,
}: SettingsFieldsProps<
  | 'emailTheme'
  | 'priorityDisplay'
  | 'compactView'
  | 'animationsEnabled'
  | 'autoRefresh'
  | 'soundNotifications'
  | 'useGmailSignature'
>) {
  return (
    <Section title="Appearance" description="How the inbox looks and behaves.">
      <div className="grid gap-4 sm:grid-cols-2">
        <OptionSelect
          label="Email theme"
          options={EMAIL_THEMES}
          value={values.emailTheme}
          hint={EMAIL_THEME_HINTS[values.emailTheme]}
          onChange={(v) => onChange('emailTheme', v)}
        />
        <OptionSelect
          label="Priority display"
          options={PRIORITY_DISPLAYS}
          value={values.priorityDisplay}
          hint={PRIORITY_HINTS[values.priorityDisplay]}
          onChange={(v) => onChange('priorityDisplay', v)}
        />
      </div>
      <div className="divide-y">
        <Toggle
          label="Compact view"
          description="Smaller rows, more conversations at a glance."
          checked={values.compactView}
          onChange={(v) => onChange('compactView', v)}
        />
        <Toggle
          label="Animations"
          description="Motion when dialogs, menus and lists change."
          checked={values.animationsEnabled}
          onChange={(v) => onChange('animationsEnabled', v)}
        />
        <Toggle
          label="Auto refresh"
          description="Check Gmail for new mail in the background."
          checked={values.autoRefresh}
          onChange={(v) => onChange('autoRefresh', v)}
        />
        <Toggle
          label="Sound alerts"
          description="Play a sound when new mail arrives."
          checked={values.soundNotifications}
          onChange={(v) => onChange('soundNotifications', v)}
        />
        <Toggle
          label="Start new mail with my Gmail signature"
          description="New messages, replies and forwards start with the signature you set in Gmail."
          checked={values.useGmailSignature}
          onChange={(v) => onChange('useGmailSignature', v)}
        />
        <DarkModeToggle />
      </div>
    </Section>
  )
}
