// @vitest-environment jsdom
import { act, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useRetryingFetcher } from "./use-retrying-fetcher";

type Answer = { ok: boolean; retryable?: boolean; attempt: number };

const options = { method: "post", encType: "multipart/form-data" } as const;
const isRetryable = (answer: Answer) => answer.retryable === true;

/**
 * A page whose button sends one request through the hook to a route action answering `answers` in
 * turn; returns the key each attempt carried and when (in fake milliseconds) it arrived.
 */
function renderSender(answers: Omit<Answer, "attempt">[]) {
  const attempts: { key: string | null; at: number }[] = [];
  function Sender() {
    const sender = useRetryingFetcher<Answer>(options, isRetryable);
    return (
      <>
        <button type="button" onClick={() => sender.send(bodyWithKey("key-1"))}>
          Send
        </button>
        <p data-testid="state">
          {sender.busy ? "busy" : sender.answer ? `answer ${sender.answer.attempt} ok=${sender.answer.ok}` : "idle"}
        </p>
      </>
    );
  }
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: Sender,
      HydrateFallback: () => null,
      action: async ({ request }) => {
        const body = await request.formData();
        attempts.push({ key: body.get("idempotencyKey") as string | null, at: Date.now() - start });
        return { ...answers[Math.min(attempts.length, answers.length) - 1]!, attempt: attempts.length };
      },
    },
  ]);
  const start = Date.now();
  render(<Stub initialEntries={["/"]} />);
  return { attempts, state: () => screen.getByTestId("state").textContent };
}

function bodyWithKey(key: string) {
  const body = new FormData();
  body.set("message", "500 pens");
  body.set("idempotencyKey", key);
  return body;
}

const send = () => act(() => screen.getByRole("button", { name: "Send" }).click());
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Moves the clock on in steps, letting React render between them (it schedules the next retry then). */
async function waitLong(ms: number) {
  for (let waited = 0; waited < ms; waited += 250) await wait(250);
}

describe("a fetcher that retries (the data layer's policy)", () => {
  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  });
  afterEach(() => vi.useRealTimers());

  it("sends the same body again after 1 s and then 2 s, and shows only the answer that got through", async () => {
    const { attempts, state } = renderSender([
      { ok: false, retryable: true },
      { ok: false, retryable: true },
      { ok: true },
    ]);
    await send();
    await wait(0);
    expect(attempts).toHaveLength(1);
    expect(state()).toBe("busy"); // waiting to retry, the failure not shown

    await wait(999);
    expect(attempts).toHaveLength(1);
    await wait(1);
    expect(attempts).toHaveLength(2);
    await wait(1_999);
    expect(attempts).toHaveLength(2);
    await wait(1);
    expect(attempts).toHaveLength(3);
    expect(state()).toBe("answer 3 ok=true");
    expect(attempts.map(({ key }) => key)).toEqual(["key-1", "key-1", "key-1"]);
    expect(attempts.map(({ at }) => at)).toEqual([0, 1_000, 3_000]);

    await waitLong(60_000);
    expect(attempts).toHaveLength(3);
  });

  it("gives up after 3 retries (1 s, 2 s, 4 s) and shows the last failure", async () => {
    const { attempts, state } = renderSender([{ ok: false, retryable: true }]);
    await send();
    await waitLong(60_000);
    expect(attempts.map(({ at }) => at)).toEqual([0, 1_000, 3_000, 7_000]);
    expect(state()).toBe("answer 4 ok=false");
  });

  it("does not retry an answer that is not retryable", async () => {
    const { attempts, state } = renderSender([{ ok: false }]);
    await send();
    await waitLong(60_000);
    expect(attempts).toHaveLength(1);
    expect(state()).toBe("answer 1 ok=false");
  });
});
