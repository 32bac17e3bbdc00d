import { useCallback, useEffect, useRef } from 'react'
import { useLocation } from 'wouter'
import type { UserSettings } from '../../../contract/settings'
import { notificationPermission } from '../../lib/notification-permission'
import { alertsFor } from './new-mail-alerts'

let audio: AudioContext | null = null

/** A short two-note chime, made in the page: no sound file to load. Silent where audio is not allowed. */
function playChime() {
  try {
    audio ??= new AudioContext()
    const start = audio.currentTime
    for (const [index, frequency] of [880, 1320].entries()) {
      const tone = audio.createOscillator()
      const gain = audio.createGain()
      tone.frequency.value = frequency
      const at = start + index * 0.12
      gain.gain.setValueAtTime(0.0001, at)
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02)
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25)
      tone.connect(gain).connect(audio.destination)
      tone.start(at)
      tone.stop(at + 0.3)
    }
  } catch {
    // No audio output, or the browser wants a click first: the inbox still shows the mail.
  }
}

/**
 * The handler for live events that plays Sound alerts and shows Email notifications for new
 * mail (decision 037). Clicking a notice brings Inkwell forward on that conversation.
 */
export function useNewMailAlerts(
  settings: Pick<UserSettings, 'soundNotifications' | 'emailNotifications'>,
  myEmail: string,
) {
  const [, navigate] = useLocation()
  const current = useRef({ settings, myEmail, navigate })
  useEffect(() => {
    current.current = { settings, myEmail, navigate }
  })
  return useCallback((event: unknown) => {
    const { settings, myEmail, navigate } = current.current
    const alerts = alertsFor(event, settings, { myEmail, permission: notificationPermission() })
    if (alerts.sound) playChime()
    for (const notice of alerts.notices) {
      try {
        const shown = new Notification(notice.title, {
          body: notice.body,
          tag: notice.threadId ?? 'inkwell-new-mail',
        })
        shown.onclick = () => {
          window.focus()
          navigate(notice.threadId ? `/inbox?thread=${notice.threadId}` : '/inbox')
          shown.close()
        }
      } catch {
        // Some browsers allow notices only from a service worker: the sound and badge remain.
      }
    }
  }, [])
}
