/**
 * The contract's SNOOZED_LABEL_NAME and MAX_SELECTION, kept here without zod: the sidebar and
 * the inbox load before the schema library (decision 036). views.test.ts holds them equal.
 */
export const SNOOZED_LABEL_NAME = 'Inkwell/Snoozed'
export const MAX_SELECTION = 500

/**
 * The mailbox's views, as Gmail lists them in its sidebar (issue 28): each is the same
 * conversation list over one label, at its own URL. The inbox keeps /inbox (and /app).
 */
export type SystemViewKey =
  | 'inbox'
  | 'starred'
  | 'snoozed'
  | 'important'
  | 'sent'
  | 'drafts'
  | 'scheduled'
  | 'all'
  | 'spam'
  | 'trash'

export type SystemView = {
  key: SystemViewKey
  name: string
  path: string
  /**
   * The Gmail label the view lists. Snoozed has no fixed id: it is the user label named
   * SNOOZED_LABEL_NAME, found in the label list.
   */
  labelId: string | null
  /** Drafts and Scheduled are screens of their own, not the conversation list. */
  ownScreen?: true
}

/**
 * All mail is no Gmail label: the list API knows it by this name (every conversation but spam
 * and trash, as in Gmail).
 */
export const ALL_MAIL_LABEL = 'ALL'

export const SYSTEM_VIEWS: readonly SystemView[] = [
  { key: 'inbox', name: 'Inbox', path: '/inbox', labelId: 'INBOX' },
  { key: 'starred', name: 'Starred', path: '/app/starred', labelId: 'STARRED' },
  { key: 'snoozed', name: 'Snoozed', path: '/app/snoozed', labelId: null },
  { key: 'important', name: 'Important', path: '/app/important', labelId: 'IMPORTANT' },
  { key: 'sent', name: 'Sent', path: '/app/sent', labelId: 'SENT' },
  { key: 'drafts', name: 'Drafts', path: '/drafts', labelId: 'DRAFT', ownScreen: true },
  { key: 'scheduled', name: 'Scheduled', path: '/app/scheduled', labelId: null, ownScreen: true },
  { key: 'all', name: 'All mail', path: '/app/all', labelId: ALL_MAIL_LABEL },
  { key: 'spam', name: 'Spam', path: '/app/spam', labelId: 'SPAM' },
  { key: 'trash', name: 'Trash', path: '/app/trash', labelId: 'TRASH' },
]

/** The ids of Gmail's system labels the sidebar lists as views: never shown as chips or in pickers. */
export const SYSTEM_LABEL_IDS = new Set(
  SYSTEM_VIEWS.map((view) => view.labelId).filter((id): id is string => id !== null),
)

/** A user label's own view. */
export const labelPath = (labelId: string) => `/app/label/${encodeURIComponent(labelId)}`

/** The view a list screen at `path` shows: a system view, a user label's, or none. */
export type ViewOnScreen = {
  /** The label the list asks for; null while the Snoozed label is not known yet. */
  labelId: string | null
  name: string
  key: SystemViewKey | 'label'
}

export function viewAt(
  path: string,
  labels: readonly { id: string; name: string }[] | undefined,
): ViewOnScreen | null {
  if (path === '/app' || path === '/inbox') return { labelId: 'INBOX', name: 'Inbox', key: 'inbox' }
  const userLabel = /^\/app\/label\/([^/]+)$/.exec(path)
  if (userLabel) {
    const id = decodeURIComponent(userLabel[1]!)
    const label = labels?.find((l) => l.id === id)
    return { labelId: id, name: label ? leafName(label.name) : 'Label', key: 'label' }
  }
  const view = SYSTEM_VIEWS.find((v) => v.path === path && !v.ownScreen)
  if (!view) return null
  if (view.key === 'snoozed') {
    const snoozed = labels?.find((l) => l.name === SNOOZED_LABEL_NAME)
    return { labelId: snoozed?.id ?? null, name: view.name, key: view.key }
  }
  return { labelId: view.labelId, name: view.name, key: view.key }
}

/** The last level of a nested name ('Work/Clients/Acme' → 'Acme'). */
export const leafName = (name: string) => name.slice(name.lastIndexOf('/') + 1)
