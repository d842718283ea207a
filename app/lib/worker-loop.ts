export type WorkerLoopOptions = {
  /** One round of work: everything due now. A throw is logged, and the loop goes on. */
  round: () => Promise<unknown>;
  /** When the next piece of work falls due (epoch ms), or null when none waits. */
  nextDueAt: () => number | null;
  /** Even with nothing due, look again this often (work queued by another process). */
  pollMs: number;
  /** Put before a failed round's message in the log, e.g. "Quote outbox". */
  name: string;
  log: (message: string) => void;
};

/**
 * The loop behind a database-backed queue's worker: a kick runs a round at once, kicks during a round
 * make one more round after it, and between rounds it waits until the next piece of work is due (at
 * most pollMs). Stopping waits for the round in progress, which ends early by looking at `closing`.
 */
export class WorkerLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private stopping = false;

  constructor(private readonly options: WorkerLoopOptions) {}

  /** True once stop() was called: a round in progress stops at its next item. */
  get closing() {
    return this.stopping;
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    this.kick();
  }

  kick() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.options
      .round()
      .then(
        () => undefined,
        (error: unknown) =>
          this.options.log(`${this.options.name}: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        } else {
          this.schedule();
        }
      });
  }

  private schedule() {
    if (this.stopped) return;
    const next = this.options.nextDueAt();
    const wait = next === null ? this.options.pollMs : Math.min(Math.max(0, next - Date.now()), this.options.pollMs);
    this.timer = setTimeout(() => this.kick(), wait);
    this.timer.unref(); // never keeps a finished process (tests, scripts) alive
  }

  async stop() {
    this.stopped = true;
    this.stopping = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
