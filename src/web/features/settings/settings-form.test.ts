import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '../../../contract/settings-defaults'
import { exportFilename } from './api/export-data'
import { changedSettings, withoutGmailConnectedFlag } from './settings-form'

describe('settings', () => {
  it('sends only what changed', () => {
    expect(changedSettings(DEFAULT_SETTINGS, DEFAULT_SETTINGS)).toEqual({})
    expect(
      changedSettings(DEFAULT_SETTINGS, {
        ...DEFAULT_SETTINGS,
        emailTheme: 'colorful',
        compactView: true,
      }),
    ).toEqual({ emailTheme: 'colorful', compactView: true })
  })

  it('clears the gmail_connected flag and keeps the rest of the address', () => {
    expect(withoutGmailConnectedFlag('http://x.test/settings?gmail_connected=true&tab=a#g')).toBe(
      '/settings?tab=a#g',
    )
    expect(withoutGmailConnectedFlag('http://x.test/settings?gmail_connected=true')).toBe(
      '/settings',
    )
    expect(withoutGmailConnectedFlag('http://x.test/settings')).toBeNull()
  })

  it("names the export after the server's suggestion, or the date", () => {
    expect(exportFilename('attachment; filename="inkwell-export.json"')).toBe('inkwell-export.json')
    expect(exportFilename("attachment; filename*=UTF-8''my%20data.json")).toBe('my data.json')
    expect(exportFilename('attachment; filename="../../etc.json"')).toBe('.._.._etc.json')
    expect(exportFilename(null, new Date('2025-06-10T12:00:00Z'))).toBe(
      'inkwell-export-2025-06-10.json',
    )
  })
})
