/**
 * Identical reads that arrive while one is running share its answer instead of each asking the
 * database: under load a popular list costs one query per round, not one per request. Nothing is
 * kept once the read has finished, so no answer is older than the request that receives it.
 */
export class SingleFlight<V> {
  private readonly running = new Map<string, Promise<V>>()

  run(key: string, read: () => Promise<V>): Promise<V> {
    let shared = this.running.get(key)
    if (!shared) {
      shared = read().finally(() => this.running.delete(key))
      this.running.set(key, shared)
    }
    return shared
  }
}
