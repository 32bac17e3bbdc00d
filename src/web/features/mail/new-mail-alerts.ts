import type { ArrivedMail } from '../../../contract/mail'
import type { UserSettings } from '../../../contract/settings'

export type DesktopNotice = { title: string; body: string; threadId: string | null }
export type MailAlerts = { sound: boolean; notices: DesktopNotice[] }

/** More new messages than this at once make one summary notice, not a stack of them. */
const MAX_NOTICES = 3

const NONE: MailAlerts = { sound: false, notices: [] }

function arrivedOf(event: unknown): ArrivedMail[] {
  if (typeof event !== 'object' || event === null) return []
  const { type, full, arrived } = event as { type?: unknown; full?: unknown; arrived?: unknown }
  // Only a sync's news is new mail; a first (full) sync loads the mailbox, it brings no news.
  if (type !== 'sync.done' || full === true || !Array.isArray(arrived)) return []
  return arrived.filter(
    (m): m is ArrivedMail =>
      typeof m === 'object' &&
      m !== null &&
      typeof (m as ArrivedMail).threadId === 'string' &&
      typeof (m as ArrivedMail).fromEmail === 'string' &&
      typeof (m as ArrivedMail).subject === 'string',
  )
}

/**
 * What the open app does about a live event (decision 037): a sound when Sound alerts is on,
 * and desktop notices when Email notifications is on and the browser allows them — for new
 * inbox mail a sync found, never for the user's own mail, and never for the first load.
 */
export function alertsFor(
  event: unknown,
  settings: Pick<UserSettings, 'soundNotifications' | 'emailNotifications'>,
  context: { myEmail: string; permission: NotificationPermission | 'unsupported' },
): MailAlerts {
  const me = context.myEmail.toLowerCase()
  const arrived = arrivedOf(event).filter((m) => m.fromEmail.toLowerCase() !== me)
  if (arrived.length === 0) return NONE
  const notify = settings.emailNotifications && context.permission === 'granted'
  let notices: DesktopNotice[] = []
  if (notify && arrived.length > MAX_NOTICES) {
    notices = [
      {
        title: `${arrived.length} new messages`,
        body: arrived.map((m) => m.fromName || m.fromEmail).join(', '),
        threadId: null,
      },
    ]
  } else if (notify) {
    notices = arrived.map((m) => ({
      title: m.fromName || m.fromEmail,
      body: m.subject || '(no subject)',
      threadId: m.threadId,
    }))
  }
  return { sound: settings.soundNotifications, notices }
}
