/**
 * Batches NOTIFYs sent after commit (docs/decisions/057): while one statement is on its way,
 * the payloads that arrive meanwhile wait and go together as the next one. In a booking rush
 * that is one statement per round trip on the listening connection, not one per booking (and
 * PostgreSQL serialises the commits of notifying transactions). Each caller's promise settles
 * with the statement that carried its payloads.
 */
export function batchedNotifier(
  send: (payloads: string[]) => Promise<void>,
): (payloads: string[]) => Promise<void> {
  let next: { payloads: Set<string>; done: Promise<void> } | null = null;
  let inFlight: Promise<void> | null = null;

  const flush = (): Promise<void> => {
    const batch = next!;
    next = null;
    const sent = send([...batch.payloads]);
    inFlight = sent.then(
      () => {},
      () => {},
    );
    void inFlight.then(() => {
      inFlight = null;
    });
    return sent;
  };

  return (payloads) => {
    if (payloads.length === 0) return Promise.resolve();
    if (!next) {
      const batch = { payloads: new Set<string>(), done: Promise.resolve() };
      // The batch leaves when the statement in flight (if any) has come back.
      batch.done = (inFlight ?? Promise.resolve()).then(flush);
      next = batch;
    }
    for (const payload of payloads) next.payloads.add(payload);
    return next.done;
  };
}
