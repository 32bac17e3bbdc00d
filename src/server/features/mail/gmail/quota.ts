/** The Gmail API operations Inkwell calls, each priced by the quota model in use. */
export type GmailOperation =
  | 'threadsList'
  | 'threadsGet'
  | 'threadsModify'
  | 'threadsTrash'
  | 'messagesList'
  | 'messagesGet'
  | 'messagesSend'
  | 'attachmentsGet'
  | 'historyList'
  | 'labelsList'
  | 'labelsCreate'
  | 'labelsPatch'
  | 'labelsDelete'
  | 'messagesBatchModify'
  | 'sendAsList'
  | 'draftsCreate'
  | 'draftsUpdate'
  | 'draftsDelete'
  | 'draftsList'
  | 'draftsGet'
  | 'watch'

export const GMAIL_QUOTA_MODELS = ['2026', 'legacy'] as const
export type GmailQuotaModel = (typeof GMAIL_QUOTA_MODELS)[number]

/** Google's legacy table (projects created before May 2026): 15,000 units a minute per user. */
const LEGACY_PRICES: Record<GmailOperation, number> = {
  threadsList: 10,
  threadsGet: 10,
  threadsModify: 10,
  threadsTrash: 10,
  messagesList: 5,
  messagesGet: 5,
  messagesSend: 100,
  attachmentsGet: 5,
  historyList: 2,
  labelsList: 1,
  labelsCreate: 5,
  labelsPatch: 5,
  labelsDelete: 5,
  messagesBatchModify: 50,
  sendAsList: 1,
  draftsCreate: 10,
  draftsUpdate: 15,
  draftsDelete: 10,
  draftsList: 5,
  draftsGet: 5,
  watch: 100,
}

/**
 * Each quota model's price of every call and its per-user budget a minute (docs/decisions/020).
 * The 2026 table, for Cloud projects created from May 2026, raises the reads; calls it does not
 * price keep their legacy price.
 */
export const GMAIL_QUOTA: Record<
  GmailQuotaModel,
  { unitsPerMinute: number; prices: Record<GmailOperation, number> }
> = {
  '2026': {
    unitsPerMinute: 6000,
    prices: { ...LEGACY_PRICES, threadsGet: 40, messagesGet: 20 },
  },
  legacy: { unitsPerMinute: 15_000, prices: LEGACY_PRICES },
}

/** Where a user's quota bucket lives: PostgreSQL, so every instance draws on the same one. */
export type QuotaStore = {
  /**
   * Takes `units` from the user's bucket (refilled at `unitsPerMinute`) when it holds enough
   * and `keep` more; otherwise takes nothing and says how many units it held.
   */
  take(
    units: number,
    unitsPerMinute: number,
    keep?: number,
  ): Promise<{ granted: boolean; available: number }>
  /** Empties the user's bucket: it refills from nothing, from now. */
  empty(): Promise<void>
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

  /**
   * What the shared bucket holds now, for work that should leave room for the user's own
   * calls (the backfill); null when nothing is paced.
   */
  async headroom(): Promise<{ available: number; unitsPerMinute: number } | null> {
    if (this.unitsPerMinute <= 0) return null
    const { available } = await this.store.take(0, this.unitsPerMinute)
    return { available, unitsPerMinute: this.unitsPerMinute }
  }

  /**
   * Waits for `units` and takes them. `background` work (syncs, the backfill) leaves a tenth
   * of a minute's units in the bucket, so what the user does (send, open, archive) never
   * waits behind a sync that spent it all: after a first sign-in, a send waited 15 s so.
   */
  /**
   * Gmail refused a call as over the user's quota (429, or a rate-limit 403): the bucket is
   * emptied, on every instance, so the next calls wait for units to come back instead of
   * retrying into more refusals. Gmail counts its own way (a stricter window than this
   * bucket's one minute would refuse the bucket's first-minute burst); its word wins.
   */
  async refused(): Promise<void> {
    if (this.unitsPerMinute > 0) await this.store.empty()
  }

  async take(units: number, background = false): Promise<void> {
    this.spent += units
    if (this.unitsPerMinute <= 0) return
    const keep = background ? Math.floor(this.unitsPerMinute / 10) : 0
    for (;;) {
      const { granted, available } = await this.store.take(units, this.unitsPerMinute, keep)
      if (granted) return
      const waitMs = ((units + keep - available) * 60_000) / this.unitsPerMinute
      await new Promise((resolve) => setTimeout(resolve, Math.max(10, Math.ceil(waitMs))))
    }
  }
}
