/** Gmail's price of each call, in quota units (Google's published table). */
export const GMAIL_UNITS = {
  threadsList: 10,
  threadsGet: 40,
  threadsModify: 10,
  threadsTrash: 10,
  messagesList: 5,
  messagesGet: 20,
  messagesSend: 100,
  attachmentsGet: 5,
  historyList: 2,
  labelsList: 1,
  labelsCreate: 5,
  draftsCreate: 10,
  draftsUpdate: 15,
  draftsDelete: 10,
} as const

/** Where a user's quota bucket lives: PostgreSQL, so every instance draws on the same one. */
export type QuotaStore = {
  /**
   * Takes `units` from the user's bucket (refilled at `unitsPerMinute`) when it holds enough;
   * otherwise takes nothing and says how many units it held.
   */
  take(units: number, unitsPerMinute: number): Promise<{ granted: boolean; available: number }>
}

/**
 * A token bucket over Gmail's per-user quota (6,000 units a minute), shared by every
 * instance through `store`: calls wait for their units instead of running into 429s.
 * `unitsPerMinute` 0 turns the wait off (the local stand-in has no quota) but still counts
 * what this instance spent.
 */
export class QuotaBudget {
  spent = 0

  constructor(
    private readonly unitsPerMinute: number,
    private readonly store: QuotaStore,
  ) {}

  async take(units: number): Promise<void> {
    this.spent += units
    if (this.unitsPerMinute <= 0) return
    for (;;) {
      const { granted, available } = await this.store.take(units, this.unitsPerMinute)
      if (granted) return
      const waitMs = ((units - available) * 60_000) / this.unitsPerMinute
      await new Promise((resolve) => setTimeout(resolve, Math.max(10, Math.ceil(waitMs))))
    }
  }
}
