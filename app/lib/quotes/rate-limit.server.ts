/**
 * Per-key sliding-window limit, in memory: at most `max` hits per `windowMs`.
 * One server process serves the site, so memory is the right place; a restart forgets the counts.
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly options: { max: number; windowMs: number }) {}

  /** Counts a hit unless the key is over its limit; says when the oldest hit leaves the window. */
  hit(key: string, now = Date.now()): { allowed: true } | { allowed: false; retryAfterMs: number } {
    const since = now - this.options.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((time) => time > since);
    if (recent.length >= this.options.max) {
      this.hits.set(key, recent);
      return { allowed: false, retryAfterMs: recent[0]! + this.options.windowMs - now };
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.prune(since);
    return { allowed: true };
  }

  private prune(since: number) {
    for (const [key, times] of this.hits) {
      if (times.every((time) => time <= since)) this.hits.delete(key);
    }
  }
}
