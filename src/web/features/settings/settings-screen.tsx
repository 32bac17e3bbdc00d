import {
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { Check, CircleAlert, Loader2 } from 'lucide-react'
import { useQueryClient } from '@tanstack/react-query'
import type { UserSettings } from '../../../contract/settings'
import { Button } from '../../components/ui/button'
import { Spinner } from '../../components/ui/spinner'
import { toast } from '../../components/ui/use-toast'
import { errorDetail } from '../../lib/error-detail'
import { useAutosave, type AutosaveStatus } from '../../lib/use-autosave'
import { currentUserKey, useCurrentUser } from '../../lib/queries/current-user'
import { settingsKey, useSettings, useUserSettings } from '../../lib/queries/settings'
import { updateSettings } from './api/update-settings'
import { changedSettings, withoutGmailConnectedFlag } from './settings-form'
import { AccountSection } from './sections/account-section'
import { AiDefaultsSection } from './sections/ai-defaults-section'
import { AppearanceSection } from './sections/appearance-section'
import { GmailSection } from './sections/gmail-section'
import { LegalSection } from './sections/legal-section'
import { NotificationsSection } from './sections/notifications-section'
import { ProfileSection } from './sections/profile-section'
import { ReadingSection } from './sections/reading-section'
import { SendingSection } from './sections/sending-section'
import { TemplatesSection } from './sections/templates-section'

/**
 * /settings: account, Gmail, appearance, notifications, AI defaults and account actions.
 * `manageBilling` is billing's own button, passed in by the app (features don't import each
 * other, decision 022); the account section shows it to Pro users who can manage billing.
 */
export function SettingsScreen({ manageBilling }: { manageBilling?: ReactNode }) {
  const { data: user } = useCurrentUser()
  const settings = useSettings()
  useGmailConnectedNotice()
  const shown = useDeferredValue(true, false)

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:px-6 lg:py-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
        <p className="text-sm text-muted-foreground">
          Your account, Gmail connection, appearance and AI defaults.
        </p>
      </header>

      {!shown ? null : (
        <>
          {user && <ProfileSection user={user} />}
          {user && <GmailSection user={user} />}

          {settings.isLoading ? (
            <div className="flex items-center justify-center gap-3 py-12 text-muted-foreground">
              <Spinner label="Loading settings..." />
              <span aria-hidden="true">Loading settings...</span>
            </div>
          ) : settings.data ? (
            <PreferencesForm saved={settings.data} />
          ) : (
            <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
              <p className="font-medium">Failed to load settings</p>
              <Button
                variant="outline"
                disabled={settings.isRefetching}
                onClick={() => void settings.refetch()}
              >
                Try again
              </Button>
            </div>
          )}

          <TemplatesSection />
          <AccountSection manageBilling={manageBilling} />
          <LegalSection />
        </>
      )}
    </div>
  )
}

/** Back from connecting Gmail (`?gmail_connected=true`): say so once and clean the address. */
function useGmailConnectedNotice() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const clean = withoutGmailConnectedFlag(window.location.href)
    if (clean === null) return
    window.history.replaceState(window.history.state, '', clean)
    toast({
      title: 'Gmail connected',
      description: 'Inkwell can now read and send mail from your Gmail account.',
    })
    void queryClient.invalidateQueries({ queryKey: currentUserKey })
  }, [queryClient])
}

/** How long the autosave waits for more changes (a few switches flicked together go as one). */
const AUTOSAVE_DELAY_MS = 400

/**
 * The saved preferences, applied at once and saved as they change (issue 25), as a contact's
 * dialog saves: no Save button, nothing left unsaved to ask about when leaving.
 */
export function PreferencesForm({ saved }: { saved: UserSettings }) {
  useUserSettings()
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState(saved)
  const current = useRef(saved)
  // What the server holds: a save sends only what differs from it.
  const stored = useRef(saved)
  const autosave = useAutosave<UserSettings>({
    delay: AUTOSAVE_DELAY_MS,
    initial: saved,
    save: async (value) => {
      const answer = await updateSettings(changedSettings(stored.current, value))
      stored.current = answer
      // A change made while this one was on the wire stays on screen: it is saved next.
      queryClient.setQueryData(settingsKey, {
        ...answer,
        ...changedSettings(value, current.current),
      })
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Failed to save settings',
        description: errorDetail(error),
      }),
  })
  // A change waiting for its moment is sent when the screen goes, not dropped. A layout
  // effect's clean-up runs before the passive ones, among them the debounce's, which drops a
  // waiting call on unmount: as a passive effect this flush found nothing left to send.
  const flush = useRef(autosave.flush)
  useLayoutEffect(() => {
    flush.current = autosave.flush
  })
  useLayoutEffect(() => () => void flush.current(), [])

  const set = <K extends keyof UserSettings>(key: K, value: UserSettings[K]) => {
    const next = { ...current.current, [key]: value }
    current.current = next
    setDraft(next)
    // Every screen follows it at once (the inbox's rows, animations), before the server answers.
    queryClient.setQueryData(settingsKey, next)
    autosave.schedule(next)
  }

  return (
    <>
      <AppearanceSection values={draft} onChange={set} />
      <NotificationsSection values={draft} onChange={set} />
      <AiDefaultsSection values={draft} onChange={set} />
      <ReadingSection values={draft} onChange={set} />
      <SendingSection values={draft} onChange={set} />

      <div className="sticky bottom-0 z-10 -mx-4 flex min-h-12 items-center gap-3 border-t bg-background/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
        <p className="text-xs text-muted-foreground" data-testid="settings-apply-hint">
          Changes apply at once and are saved automatically.
        </p>
        <p
          className="ml-auto text-sm text-muted-foreground"
          role="status"
          aria-live="polite"
          data-testid="settings-save-status"
        >
          <SaveMark status={autosave.status} />
        </p>
      </div>
    </>
  )
}

/** "Saving…", "Saved" or "Not saved", as a contact's dialog says it. */
function SaveMark({ status }: { status: AutosaveStatus }) {
  if (status === 'saving') {
    return (
      <span className="inline-flex items-center gap-2">
        <Loader2 aria-hidden="true" className="size-3.5 animate-spin" />
        Saving…
      </span>
    )
  }
  if (status === 'saved') {
    return (
      <span className="inline-flex items-center gap-1.5">
        <Check aria-hidden="true" className="size-4 text-success" />
        Saved
      </span>
    )
  }
  if (status === 'failed') {
    return (
      <span className="inline-flex items-center gap-1.5 text-destructive">
        <CircleAlert aria-hidden="true" className="size-4" />
        Not saved
      </span>
    )
  }
  return null
}
