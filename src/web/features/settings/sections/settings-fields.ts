import type { UserSettings } from '../../../../contract/settings'

/** Props of a section that edits some of the draft settings: their values and a setter. */
export type SettingsFieldsProps<K extends keyof UserSettings> = {
  values: Pick<UserSettings, K>
  onChange: <F extends K>(key: F, value: UserSettings[F]) => void
}
