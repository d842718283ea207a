/**
 * Exponential back-off: 1 s, 2 s, 4 s, … doubling up to a cap (spec section 7: from 1 s to 30 s).
 * `attempt` counts failures so far, starting at 0 (react-query's `retryDelay` argument).
 */
export function backoffDelay(attempt: number, { baseMs = 1_000, capMs = 30_000 } = {}): number {
  const exponent = Math.max(0, Math.floor(attempt));
  return Math.min(baseMs * 2 ** exponent, capMs);
}
