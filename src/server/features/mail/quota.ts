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

/**
 * A token bucket over Gmail's per-user quota (6,000 units a minute): calls wait for their
 * units instead of running into 429s. `unitsPerMinute` 0 turns the wait off (the local
 * stand-in has no quota) but still counts what was spent.
 */
export class QuotaBudget {
  private tokens: number
  private last: number
  spent = 0

  constructor(
    private readonly unitsPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = unitsPerMinute
    this.last = now()
  }

  async take(units: number): Promise<void> {
    this.spent += units
    if (this.unitsPerMinute <= 0) return
    for (;;) {
      const now = this.now()
      this.tokens = Math.min(
        this.unitsPerMinute,
        this.tokens + ((now - this.last) * this.unitsPerMinute) / 60_000,
      )
      this.last = now
      if (this.tokens >= units) {
        this.tokens -= units
        return
      }
      const waitMs = ((units - this.tokens) * 60_000) / this.unitsPerMinute
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(waitMs)))
    }
  }
}
