/**
 * Group commit for the request path: calls that arrive while a database round trip is in flight are queued and
 * then written together by ONE statement. Under load many requests share a statement (and, on PostgreSQL, one
 * WAL flush); when idle a call goes out at once. One flush is in flight at a time, which also keeps hot rows
 * (the global rate-limit counter) from queueing lock waits inside the database.
 *
 * A flush that fails is retried one item at a time, so one bad item (a value the database refuses) fails alone and
 * the others of its group still succeed. The flush function must therefore be all-or-nothing (one transaction).
 */
export type FlushFn<T, R> = (items: T[]) => Promise<R[]>;

export class Batcher<T, R> {
  private queue: { item: T; resolve: (value: R) => void; reject: (error: unknown) => void }[] = [];
  private flushing = false;

  constructor(
    private readonly flushFn: FlushFn<T, R>,
    private readonly maxBatch = 200,
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        // Let the other requests of this tick join the first statement.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      try {
        const results = await this.flushFn(batch.map((entry) => entry.item));
        batch.forEach((entry, index) => entry.resolve(results[index] as R));
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        else await this.oneByOne(batch);
      }
    }
    this.flushing = false;
  }

  private async oneByOne(batch: typeof this.queue): Promise<void> {
    for (const entry of batch) {
      try {
        const [result] = await this.flushFn([entry.item]);
        entry.resolve(result as R);
      } catch (error) {
        entry.reject(error);
      }
    }
  }
}
