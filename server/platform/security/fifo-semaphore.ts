// At most `limit` tasks at a time; the others wait and start in the order they came.

export class FifoSemaphore {
  #limit = 1;
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(limit: number) {
    this.limit = limit;
  }

  get limit(): number {
    return this.#limit;
  }

  /** A higher limit starts waiting tasks at once; a lower one lets running tasks finish. */
  set limit(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`a semaphore limit is a positive integer (got ${limit})`);
    this.#limit = limit;
    this.#startWaiting();
  }

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running < this.#limit && this.#waiting.length === 0) this.#running++;
    else await new Promise<void>((start) => this.#waiting.push(start));
    try {
      return await task();
    } finally {
      this.#running--;
      this.#startWaiting();
    }
  }

  #startWaiting(): void {
    while (this.#running < this.#limit && this.#waiting.length > 0) {
      this.#running++;
      this.#waiting.shift()!();
    }
  }
}
