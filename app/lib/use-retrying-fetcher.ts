import { useCallback, useEffect, useState } from "react";
import { type FetcherSubmitOptions, useFetcher } from "react-router";
import { dataLayerDefaults, retryDelay } from "./query-client";

/** The request being sent: its body (the same on every attempt) and how many attempts have failed. */
type Sending<T> = { body: FormData; failures: number; seen: T | undefined; count: number };

/**
 * A fetcher that sends a form body to a route action and sends the same body again while `isRetryable`
 * says so of the answer: the data layer's policy, 3 retries after 1 s, 2 s and 4 s (doubling to a 30 s cap).
 * React Router's clientAction makes one attempt (it can post its request's body once); the retries
 * are made here, by its caller. Between attempts the fetcher counts as busy and shows no answer.
 *
 * `submission` counts the requests sent (not their retries), so a notice can be keyed to each.
 */
export function useRetryingFetcher<T>(options: FetcherSubmitOptions, isRetryable: (answer: T) => boolean) {
  const fetcher = useFetcher<T>();
  // What a clientAction returns reaches its fetcher as it is (only a server's answer is serialized).
  const data = fetcher.data as T | undefined;
  const [sending, setSending] = useState<Sending<T> | null>(null);
  const { submit, reset: resetFetcher } = fetcher;

  // The answer to the latest attempt, once it is in (`seen` is the one the attempt started from).
  const answer = sending && fetcher.state === "idle" && data !== sending.seen ? data : undefined;
  const retryIn =
    sending && answer !== undefined && isRetryable(answer) && sending.failures < dataLayerDefaults.retries
      ? retryDelay(sending.failures)
      : null;

  useEffect(() => {
    if (retryIn === null || !sending) return;
    const timer = setTimeout(() => {
      setSending({ ...sending, failures: sending.failures + 1, seen: answer });
      void submit(sending.body, options);
    }, retryIn);
    return () => clearTimeout(timer);
  }, [retryIn, sending, answer, submit, options]);

  const send = useCallback(
    (body: FormData) => {
      setSending((current) => ({ body, failures: 0, seen: data, count: (current?.count ?? 0) + 1 }));
      void submit(body, options);
    },
    [data, submit, options],
  );

  /** Forgets the last answer (the fetcher's data with it). */
  const reset = useCallback(() => {
    resetFetcher();
    setSending(null);
  }, [resetFetcher]);

  return {
    /** The fetcher's form: a plain form post until React drives the page. */
    Form: fetcher.Form,
    send,
    reset,
    /** The final answer to the request sent last, retries done. */
    answer: retryIn === null ? answer : undefined,
    busy: fetcher.state !== "idle" || retryIn !== null,
    /** Whether this fetcher has sent anything since it was last reset. */
    used: sending !== null,
    submission: sending?.count ?? 0,
  };
}
