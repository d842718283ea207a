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
    const verdict = this.verdict(recent, now);
    if (!verdict.allowed) {
      this.hits.set(key, recent);
      return verdict;
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.prune(since);
    return { allowed: true };
  }

  /** What a hit now would get, without counting it. */
  peek(key: string, now = Date.now()): { allowed: true } | { allowed: false; retryAfterMs: number } {
    return this.verdict(
      (this.hits.get(key) ?? []).filter((time) => time > now - this.options.windowMs),
      now,
    );
  }

  private verdict(recent: number[], now: number): { allowed: true } | { allowed: false; retryAfterMs: number } {
    return recent.length >= this.options.max
      ? { allowed: false, retryAfterMs: recent[0]! + this.options.windowMs - now }
      : { allowed: true };
  }

  private prune(since: number) {
    for (const [key, times] of this.hits) {
      if (times.every((time) => time <= since)) this.hits.delete(key);
    }
  }
}
