/**
 * Reads of one kind asked at about the same time, answered by one query per batch
 * (docs/decisions/062). A read is sent on the next turn of the event loop together with every
 * other read asked before it; while `maxInFlight` batches are on their way, new reads wait and
 * leave together as the next batch. A lone read costs one query as before; a rush of them costs a
 * few, each one round trip and one wake-up of the database instead of hundreds.
 *
 * Only for reads without locks whose answers stand on their own: a batch's failure is every
 * read's failure in it, and the answers are matched to the keys by position.
 */
export class BatchedReads<K, V> {
  readonly #queue: { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];
  #inFlight = 0;
  #scheduled = false;

  constructor(
    /** Answers `keys` in their order (one answer per key). */
    private readonly readMany: (keys: K[]) => Promise<V[]>,
    private readonly limits = { maxInFlight: 2, maxBatch: 250 },
  ) {}

  read(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      this.#queue.push({ key, resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#queue.length === 0) return;
    if (this.#inFlight >= this.limits.maxInFlight) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#send();
    });
  }

  #send(): void {
    while (this.#inFlight < this.limits.maxInFlight && this.#queue.length > 0) {
      const batch = this.#queue.splice(0, this.limits.maxBatch);
      this.#inFlight++;
      Promise.resolve()
        .then(() => this.readMany(batch.map((asked) => asked.key)))
        .then((values) => {
          if (values.length !== batch.length) {
            throw new Error(`${values.length} answers to ${batch.length} reads`);
          }
          batch.forEach((asked, i) => asked.resolve(values[i]!));
        })
        .catch((error: unknown) => batch.forEach((asked) => asked.reject(error)))
        .finally(() => {
          this.#inFlight--;
          this.#schedule();
        });
    }
  }
}
