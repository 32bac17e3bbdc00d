import { useDeferredValue, useEffect, useState, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { UserSettings } from '../../../contract/settings'
import { Button } from '../../components/ui/button'
import { Spinner } from '../../components/ui/spinner'
import { toast } from '../../components/ui/use-toast'
import { errorDetail } from '../../lib/error-detail'
import { useLeaveGuard } from '../../lib/use-leave-guard'
import { currentUserKey, useCurrentUser } from '../../lib/queries/current-user'
import { useSettings, useUserSettings } from '../../lib/queries/settings'
import { useUpdateSettings } from './api/update-settings'
import { changedSettings, withoutGmailConnectedFlag } from './settings-form'
import { AccountSection } from './sections/account-section'
import { AiDefaultsSection } from './sections/ai-defaults-section'
import { AppearanceSection } from './sections/appearance-section'
import { GmailSection } from './sections/gmail-section'
import { LegalSection } from './sections/legal-section'
import { NotificationsSection } from './sections/notifications-section'
import { ProfileSection } from './sections/profile-section'
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

/** The saved preferences, edited as a draft until Save Changes. Dark mode applies at once. */
function PreferencesForm({ saved }: { saved: UserSettings }) {
  useUserSettings()
  const [draft, setDraft] = useState(saved)
  const update = useUpdateSettings()
  const changes = changedSettings(saved, draft)
  const dirty = Object.keys(changes).length > 0
  const set = <K extends keyof UserSettings>(key: K, value: UserSettings[K]) =>
    setDraft((current) => ({ ...current, [key]: value }))

  // Leaving with changes not saved asks first (a link, Back, reload), as Compose does.
  useLeaveGuard(dirty)

  const save = () =>
    update.mutate(changes, {
      onSuccess: () => toast({ title: 'Settings saved' }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to save settings',
          description: errorDetail(error),
        }),
    })

  return (
    <>
      <AppearanceSection values={draft} onChange={set} />
      <NotificationsSection values={draft} onChange={set} />
      <AiDefaultsSection values={draft} onChange={set} />
      <SendingSection values={draft} onChange={set} />

      <div className="sticky bottom-0 z-10 -mx-4 flex items-center justify-end gap-3 border-t bg-background/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
        <div className="mr-auto space-y-0.5">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {dirty ? 'You have unsaved changes.' : ''}
          </p>
          <p className="text-xs text-muted-foreground" data-testid="settings-apply-hint">
            Dark mode applies at once; everything else applies when you save.
          </p>
        </div>
        <Button disabled={!dirty || update.isPending} onClick={save}>
          {update.isPending && <Spinner size="sm" label="Saving" className="text-current" />}
          Save Changes
        </Button>
      </div>
    </>
  )
}
