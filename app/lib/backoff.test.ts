import { describe, expect, it } from "vitest";
import { backoffDelay } from "./backoff";
import { createQueryClient, dataLayerDefaults, RetryableError, retryDelay, shouldRetry } from "./query-client";

describe("back-off schedule", () => {
  it("starts at 1 s and doubles up to the 30 s cap", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => backoffDelay(attempt))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it("takes another base and cap", () => {
    expect([0, 1, 2, 3].map((attempt) => backoffDelay(attempt, { baseMs: 50, capMs: 150 }))).toEqual([
      50, 100, 150, 150,
    ]);
  });
});

describe("data-layer defaults (spec section 7)", () => {
  it("retries a failed submission 3 times, after 1 s, 2 s and 4 s", () => {
    const failure = new RetryableError("offline");
    const schedule: number[] = [];
    for (let failures = 0; shouldRetry(failures, failure); failures++) schedule.push(retryDelay(failures));
    expect(schedule).toEqual([1_000, 2_000, 4_000]);
  });

  it("does not retry an answer the server gave on purpose (a 4xx)", () => {
    expect(shouldRetry(0, new Error("400"))).toBe(false);
  });

  it("configures the query client with them: 3 retries, 1 s → 30 s back-off, 5 minute garbage collection", () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.retry).toBe(3);
    expect(defaults.queries?.gcTime).toBe(5 * 60 * 1000);
    const delay = defaults.queries?.retryDelay as (n: number, e: Error) => number;
    expect([0, 1, 5].map((n) => delay(n, new Error()))).toEqual([1_000, 2_000, 30_000]);
    expect(defaults.mutations?.retryDelay).toBe(retryDelay);
    expect(dataLayerDefaults.retries).toBe(3);
  });
});
