import type { z } from 'zod'
import {
  SNOOZED_LABEL_NAME,
  type CreateLabelSchema,
  type Label,
  type UpdateLabelSchema,
} from '../../../../contract/labels.js'
import type { UserRow } from '../../../db/schema.js'
import { BadRequest, NotFound, UpstreamError } from '../../../lib/errors.js'
import { GmailNotConnected } from '../gmail/call.js'
import { httpStatus } from '../gmail/retry.js'
import type { GmailSession } from '../gmail/session.js'
import type { GmailLabel } from '../gmail/types.js'
import type { LabelWithCounts, StoredLabel } from '../store/labels-repository.js'
import type { MailRepository } from '../store/repository.js'

/**
 * The system views in the sidebar's order, by Gmail label id. The Snoozed mirror label (a user
 * label in Gmail) takes its place third; All mail is a view of its own, not a label.
 */
const SYSTEM_ORDER = [
  'INBOX',
  'STARRED',
  SNOOZED_LABEL_NAME,
  'IMPORTANT',
  'SENT',
  'DRAFT',
  'SPAM',
  'TRASH',
]

/** System labels a conversation cannot be given or lose by hand: Gmail refuses them. */
export const UNSETTABLE_LABELS = new Set(['SENT', 'DRAFT', 'CHAT'])

const isSnoozeMirror = (label: Pick<StoredLabel, 'name' | 'type'>) =>
  label.type === 'user' && label.name.toLowerCase() === SNOOZED_LABEL_NAME.toLowerCase()

/** A label as the API answers it: the Snoozed mirror counts as a system view. */
function present(label: LabelWithCounts): Label {
  const mirror = isSnoozeMirror(label)
  return {
    id: label.id,
    name: mirror ? SNOOZED_LABEL_NAME : label.name,
    type: mirror ? 'system' : label.type,
    unread: label.unread,
    total: label.total,
    ...(label.backgroundColor && label.textColor
      ? { color: { backgroundColor: label.backgroundColor, textColor: label.textColor } }
      : {}),
  }
}

/** Where a label sits: system views in SYSTEM_ORDER, then user labels by name; -1 is hidden. */
function rank(label: LabelWithCounts): number {
  if (isSnoozeMirror(label)) return SYSTEM_ORDER.indexOf(SNOOZED_LABEL_NAME)
  if (label.type === 'user') return SYSTEM_ORDER.length
  // CHAT, UNREAD, the CATEGORY_* tabs and any other system label are not views.
  return SYSTEM_ORDER.indexOf(label.id)
}

/** Gmail's label as the cache keeps it. */
function stored(label: GmailLabel): StoredLabel {
  if (!label.id || !label.name) throw new UpstreamError('Gmail answered a label without its id')
  return {
    id: label.id,
    name: label.name,
    type: label.type === 'system' ? 'system' : 'user',
    backgroundColor: label.color?.backgroundColor ?? null,
    textColor: label.color?.textColor ?? null,
  }
}

/** Gmail's refusal of a label change (400, 409) as a 400 naming the field it is about. */
function refusal(error: unknown, hasColor: boolean): unknown {
  const status = httpStatus(error instanceof UpstreamError ? error.cause : error)
  if (status !== 400 && status !== 409) return error
  const cause = (error instanceof UpstreamError ? error.cause : error) as {
    response?: { data?: { error?: { message?: string } } }
  }
  const said = cause.response?.data?.error?.message ?? ''
  if (hasColor && /colou?r/i.test(said)) {
    return new BadRequest('color: Gmail does not offer this colour', 'validation_error')
  }
  return new BadRequest(
    `name: ${said && !/conflict|exists/i.test(said) ? said : 'A label with this name already exists'}`,
    'validation_error',
  )
}

export function createLabelsService(deps: {
  repo: MailRepository
  gmailFor: (user: UserRow) => GmailSession
  /** Tells the user's open apps to look again (the sidebar's labels too). */
  announce: (userId: string, threadIds: string[]) => Promise<void>
}) {
  const { repo, gmailFor, announce } = deps

  /** Reads the labels from Gmail again into the cache (one unit). */
  async function refresh(gmail: GmailSession, userId: string) {
    const { labels = [] } = await gmail.labels.list()
    const known = labels.filter((l) => l.id && l.name).map(stored)
    await repo.replaceLabels(userId, known)
    return known
  }

  /** A user label of the user's, or 404 (another user's, unknown); a system label is a 400. */
  async function ownUserLabel(userId: string, id: string): Promise<StoredLabel> {
    const label = await repo.getLabel(userId, id)
    if (!label) throw new NotFound('No such label')
    if (label.type === 'system' || isSnoozeMirror(label)) {
      throw new BadRequest('id: System labels cannot be changed or deleted', 'validation_error')
    }
    return label
  }

  async function refuseTakenName(userId: string, name: string, except?: string) {
    const taken = await repo.findLabelByName(userId, name)
    if (taken && taken.id !== except) {
      throw new BadRequest('name: A label with this name already exists', 'validation_error')
    }
  }

  return {
    /** The sidebar's labels from the cache, counts from the label counters. */
    async list(user: UserRow): Promise<{ labels: Label[] }> {
      if (!user.gmailConnected) throw new GmailNotConnected()
      const rows = await repo.labelsWithCounts(user.id)
      const shown = rows
        .map((label) => ({ label, rank: rank(label) }))
        .filter((l) => l.rank >= 0)
        .sort(
          (a, b) =>
            a.rank - b.rank ||
            a.label.name.localeCompare(b.label.name, 'en', { sensitivity: 'base' }),
        )
      return { labels: shown.map((l) => present(l.label)) }
    },

    async create(user: UserRow, input: z.infer<typeof CreateLabelSchema>): Promise<Label> {
      if (!user.gmailConnected) throw new GmailNotConnected()
      await refuseTakenName(user.id, input.name)
      let created: GmailLabel
      try {
        created = await gmailFor(user).labels.create({
          name: input.name,
          labelListVisibility: 'labelShow',
          messageListVisibility: 'show',
          ...(input.color ? { color: input.color } : {}),
        })
      } catch (error) {
        throw refusal(error, input.color !== undefined)
      }
      const label = stored(created)
      await repo.saveLabel(user.id, label)
      await announce(user.id, [])
      return present({ ...label, unread: 0, total: 0 })
    },

    async update(
      user: UserRow,
      id: string,
      change: z.infer<typeof UpdateLabelSchema>,
    ): Promise<Label> {
      if (!user.gmailConnected) throw new GmailNotConnected()
      await ownUserLabel(user.id, id)
      if (change.name !== undefined) await refuseTakenName(user.id, change.name, id)
      const patch: GmailLabel = {}
      if (change.name !== undefined) patch.name = change.name
      // Gmail has no "no colour" value to patch with: null asks for its default grey pair.
      if (change.color !== undefined) {
        patch.color = change.color ?? { backgroundColor: '#f3f3f3', textColor: '#000000' }
      }
      let changed: GmailLabel
      try {
        changed = await gmailFor(user).labels.patch(
          id,
          patch,
          'This label no longer exists in Gmail',
        )
      } catch (error) {
        if (error instanceof NotFound) {
          await repo.deleteLabel(user.id, id)
          await announce(user.id, [])
        }
        throw refusal(error, change.color != null)
      }
      const label = stored(changed)
      await repo.saveLabel(user.id, label)
      await announce(user.id, [])
      const counted = (await repo.labelsWithCounts(user.id)).find((l) => l.id === id)
      return present(counted ?? { ...label, unread: 0, total: 0 })
    },

    async remove(user: UserRow, id: string): Promise<void> {
      if (!user.gmailConnected) throw new GmailNotConnected()
      await ownUserLabel(user.id, id)
      try {
        await gmailFor(user).labels.delete(id, 'This label no longer exists in Gmail')
      } catch (error) {
        // Deleted in Gmail already: what the user wanted is done.
        if (!(error instanceof NotFound)) throw error
      }
      await repo.deleteLabel(user.id, id)
      // Its conversations lose it at the next sync (Gmail's history says so); the list of the
      // label answers empty meanwhile.
      await announce(user.id, [])
    },

    /**
     * The Gmail id of the user label `name`, created in Gmail on first use (the Snoozed mirror,
     * Follow-up): from the cache, else from Gmail's list, else made.
     */
    async ensureLabel(userId: string, gmail: GmailSession, name: string): Promise<string> {
      const cached = await repo.findLabelByName(userId, name)
      if (cached) return cached.id
      const listed = (await refresh(gmail, userId)).find(
        (l) => l.name.toLowerCase() === name.toLowerCase(),
      )
      if (listed) return listed.id
      const label = stored(
        await gmail.labels.create({
          name,
          labelListVisibility: 'labelShow',
          messageListVisibility: 'show',
        }),
      )
      await repo.saveLabel(userId, label)
      return label.id
    },

    /**
     * The labels a conversation can be given or lose: each must be the user's (else 404; one
     * made in Gmail since the last sync is looked up there once), and settable (else 400).
     */
    async checkSettable(
      user: UserRow,
      gmail: GmailSession,
      ids: { field: string; id: string }[],
    ): Promise<void> {
      for (const { field, id } of ids) {
        if (UNSETTABLE_LABELS.has(id)) {
          throw new BadRequest(
            `${field}: Gmail does not let a conversation be given or lose ${id}`,
            'validation_error',
          )
        }
      }
      let refreshed = false
      for (const { id } of ids) {
        if (await repo.getLabel(user.id, id)) continue
        if (!refreshed) {
          await refresh(gmail, user.id)
          refreshed = true
          if (await repo.getLabel(user.id, id)) continue
        }
        throw new NotFound('No such label')
      }
    },
  }
}

export type LabelsService = ReturnType<typeof createLabelsService>
