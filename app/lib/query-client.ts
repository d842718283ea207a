import { QueryClient } from "@tanstack/react-query";
import { backoffDelay } from "./backoff";

/**
 * The data layer's defaults (spec section 7), in one place: up to 3 retries with exponential
 * back-off from 1 s doubling to a 30 s cap; cached data garbage-collected after 5 minutes.
 */
export const dataLayerDefaults = {
  retries: 3,
  backoff: { baseMs: 1_000, capMs: 30_000 },
  gcTimeMs: 5 * 60 * 1_000,
} as const;

export const retryDelay = (failureCount: number) => backoffDelay(failureCount, dataLayerDefaults.backoff);

/** An error the server will answer differently next time: no answer at all, or a 5xx. */
export class RetryableError extends Error {
  override name = "RetryableError";
}

/** Retry only what may succeed on a second try (network failures, 5xx), at most `retries` times. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < dataLayerDefaults.retries && error instanceof RetryableError;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: dataLayerDefaults.retries, retryDelay, gcTime: dataLayerDefaults.gcTimeMs },
      // "always": a submission made while the browser believes it is offline fails (and offers the
      // WhatsApp/e-mail fallback) instead of waiting silently for the network to come back.
      mutations: { retry: shouldRetry, retryDelay, gcTime: dataLayerDefaults.gcTimeMs, networkMode: "always" },
    },
  });
}
