/**
 * The user's Gmail labels as last read from Gmail (`mail_labels`: names, kinds, colours), and
 * the sidebar's counts beside them from the label counters the thread trigger keeps
 * (`mail_label_counts`), never from a scan of the mailbox.
 */
import { and, eq, notInArray, sql } from 'drizzle-orm'
import type { Database } from '../../../db/client.js'
import { mailLabelCounts, mailLabels, mailSyncState } from '../../../db/schema.js'

export type StoredLabel = {
  id: string
  name: string
  type: 'system' | 'user'
  backgroundColor: string | null
  textColor: string | null
}

export type LabelWithCounts = StoredLabel & { unread: number; total: number }

/** The user labels' names by id, as the sync state keeps them for presenting threads. */
function userLabelNames(labels: StoredLabel[]): Record<string, string> {
  return Object.fromEntries(labels.filter((l) => l.type === 'user').map((l) => [l.id, l.name]))
}

export function createLabelsRepository(db: Database) {
  const columns = {
    id: mailLabels.labelId,
    name: mailLabels.name,
    type: mailLabels.type,
    backgroundColor: mailLabels.backgroundColor,
    textColor: mailLabels.textColor,
  }

  /** Keeps the sync state's names of user labels in step with the label rows just written. */
  async function writeNames(tx: Database, userId: string) {
    const rows = await tx.select(columns).from(mailLabels).where(eq(mailLabels.userId, userId))
    const labelNames = userLabelNames(rows)
    await tx
      .insert(mailSyncState)
      .values({ userId, labelNames })
      .onConflictDoUpdate({ target: mailSyncState.userId, set: { labelNames } })
  }

  function upsert(tx: Database, userId: string, labels: StoredLabel[]) {
    return tx
      .insert(mailLabels)
      .values(labels.map(({ id, ...label }) => ({ userId, labelId: id, ...label })))
      .onConflictDoUpdate({
        target: [mailLabels.userId, mailLabels.labelId],
        set: {
          name: sql`excluded.name`,
          type: sql`excluded.type`,
          backgroundColor: sql`excluded.background_color`,
          textColor: sql`excluded.text_color`,
          updatedAt: sql`now()`,
        },
      })
  }

  return {
    /**
     * Makes the cache hold exactly Gmail's labels (a labels.list answer): a label deleted in
     * Gmail leaves the sidebar here. The user labels' names are kept in the sync state too.
     */
    async replaceLabels(userId: string, listed: StoredLabel[]) {
      const labels = [...new Map(listed.map((l) => [l.id, l])).values()]
      await db.transaction(async (tx) => {
        const ids = labels.map((l) => l.id)
        await tx
          .delete(mailLabels)
          .where(
            ids.length
              ? and(eq(mailLabels.userId, userId), notInArray(mailLabels.labelId, ids))
              : eq(mailLabels.userId, userId),
          )
        if (labels.length) await upsert(tx, userId, labels)
        await tx
          .insert(mailSyncState)
          .values({ userId, labelNames: userLabelNames(labels) })
          .onConflictDoUpdate({
            target: mailSyncState.userId,
            set: { labelNames: userLabelNames(labels) },
          })
      })
    },

    /** One label Gmail created or changed, written at once (the next sync agrees). */
    async saveLabel(userId: string, label: StoredLabel) {
      await db.transaction(async (tx) => {
        await upsert(tx, userId, [label])
        await writeNames(tx, userId)
      })
    },

    async deleteLabel(userId: string, labelId: string) {
      await db.transaction(async (tx) => {
        await tx
          .delete(mailLabels)
          .where(and(eq(mailLabels.userId, userId), eq(mailLabels.labelId, labelId)))
        await writeNames(tx, userId)
      })
    },

    async getLabel(userId: string, labelId: string): Promise<StoredLabel | null> {
      const [row] = await db
        .select(columns)
        .from(mailLabels)
        .where(and(eq(mailLabels.userId, userId), eq(mailLabels.labelId, labelId)))
      return row ?? null
    },

    /** The label with this name, compared as Gmail does (case-insensitive). */
    async findLabelByName(userId: string, name: string): Promise<StoredLabel | null> {
      const [row] = await db
        .select(columns)
        .from(mailLabels)
        .where(and(eq(mailLabels.userId, userId), sql`lower(${mailLabels.name}) = lower(${name})`))
        .limit(1)
      return row ?? null
    },

    /** Every cached label with its counters (0 for a label no cached thread carries). */
    async labelsWithCounts(userId: string): Promise<LabelWithCounts[]> {
      return db
        .select({
          ...columns,
          unread: sql<number>`coalesce(${mailLabelCounts.unread}, 0)::int`,
          total: sql<number>`coalesce(${mailLabelCounts.threads}, 0)::int`,
        })
        .from(mailLabels)
        .leftJoin(
          mailLabelCounts,
          and(
            eq(mailLabelCounts.userId, mailLabels.userId),
            eq(mailLabelCounts.label, mailLabels.labelId),
          ),
        )
        .where(eq(mailLabels.userId, userId))
    },
  }
}

export type LabelsRepository = ReturnType<typeof createLabelsRepository>
