/**
 * Calls of one kind made at about the same time, answered by one statement per batch
 * (docs/decisions/062). A call is sent on the next turn of the event loop together with every
 * other call made before it; while `maxInFlight` batches are on their way, new calls wait and
 * leave together as the next batch. A lone call costs one statement as before; a rush of them
 * costs a few, each one round trip and one wake-up of the database instead of hundreds.
 *
 * The answers are matched to the keys by position, and a batch's failure is the failure of every
 * call in it: a caller whose calls must not fail together answers each one's outcome itself (the
 * booking's claims retry alone when their shared statement fails, booking-claim.ts).
 */
export class BatchedCalls<K, V> {
  readonly #queue: { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];
  #inFlight = 0;
  #scheduled = false;

  constructor(
    /** Answers `keys` in their order (one answer per key). */
    private readonly callMany: (keys: K[]) => Promise<V[]>,
    private readonly limits = { maxInFlight: 2, maxBatch: 250 },
  ) {}

  call(key: K): Promise<V> {
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
        .then(() => this.callMany(batch.map((asked) => asked.key)))
        .then((values) => {
          if (values.length !== batch.length) {
            throw new Error(`${values.length} answers to ${batch.length} calls`);
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
