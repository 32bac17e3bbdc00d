/** The pool's queue is full: the caller should answer "busy, try again". */
export class PoolFull extends Error {
  constructor() {
    super('every slot is taken and the queue is full')
    this.name = 'PoolFull'
  }
}

/** Runs at most `size` tasks at once; up to `queueLimit` more wait their turn, in order. */
export class TaskPool {
  #running = 0
  readonly #waiting: (() => void)[] = []

  constructor(
    readonly size: number,
    readonly queueLimit: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running < this.size) {
      this.#running++
    } else {
      if (this.#waiting.length >= this.queueLimit) throw new PoolFull()
      // The finishing task hands its slot over: #running stays counted for this one.
      await new Promise<void>((resolve) => this.#waiting.push(resolve))
    }
    try {
      return await task()
    } finally {
      const next = this.#waiting.shift()
      if (next) next()
      else this.#running--
    }
  }

  /** Tasks running and waiting. */
  get load() {
    return { running: this.#running, waiting: this.#waiting.length }
  }
}
