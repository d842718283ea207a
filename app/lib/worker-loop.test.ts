import { afterEach, describe, expect, it, vi } from "vitest";
import { WorkerLoop } from "./worker-loop";

/** A round that finishes when the test says so. */
function heldRounds() {
  const releases: (() => void)[] = [];
  const round = vi.fn(() => new Promise<void>((resolve) => releases.push(resolve)));
  return { round, releaseNext: () => releases.shift()!() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("WorkerLoop", () => {
  const loops: WorkerLoop[] = [];
  afterEach(async () => {
    await Promise.all(loops.splice(0).map((loop) => loop.stop()));
  });
  const make = (options: Partial<ConstructorParameters<typeof WorkerLoop>[0]> = {}) => {
    const loop = new WorkerLoop({
      round: async () => undefined,
      nextDueAt: () => null,
      pollMs: 60_000,
      name: "Test queue",
      log: () => undefined,
      ...options,
    });
    loops.push(loop);
    return loop;
  };

  it("does nothing on a kick before start", async () => {
    const round = vi.fn(async () => undefined);
    make({ round }).kick();
    await settle();
    expect(round).not.toHaveBeenCalled();
  });

  it("runs one more round after kicks that came during a round, not one per kick", async () => {
    const { round, releaseNext } = heldRounds();
    const loop = make({ round });
    loop.start();
    loop.kick();
    loop.kick();
    loop.kick();
    expect(round).toHaveBeenCalledTimes(1);
    releaseNext();
    await settle();
    expect(round).toHaveBeenCalledTimes(2);
    releaseNext();
    await settle();
    expect(round).toHaveBeenCalledTimes(2);
  });

  it("logs a failed round under its name and keeps working", async () => {
    const log = vi.fn();
    let calls = 0;
    const round = vi.fn(async () => {
      calls++;
      if (calls === 1) throw new Error("database is locked");
    });
    const loop = make({ round, log });
    loop.start();
    await settle();
    expect(log).toHaveBeenCalledWith("Test queue: database is locked");
    loop.kick();
    await settle();
    expect(round).toHaveBeenCalledTimes(2);
  });

  it("runs the next round when the next piece of work falls due", async () => {
    vi.useFakeTimers();
    try {
      const round = vi.fn(async () => undefined);
      const loop = make({ round, nextDueAt: () => Date.now() + 5_000 });
      loop.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(round).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(4_999);
      expect(round).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(round).toHaveBeenCalledTimes(2);
      await loop.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it("stop marks the loop closing, waits for the round in progress and runs no more", async () => {
    const { round, releaseNext } = heldRounds();
    const loop = make({ round });
    loop.start();
    expect(loop.closing).toBe(false);
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    expect(loop.closing).toBe(true);
    await settle();
    expect(stopped).toBe(false);
    releaseNext();
    await stopping;
    loop.kick();
    await settle();
    expect(round).toHaveBeenCalledTimes(1);
  });
});
