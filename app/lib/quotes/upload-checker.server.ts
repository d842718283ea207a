import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
// Loaded here first: with sharp in a worker, glibc needs its libraries loaded by the main thread
// (sharp's documentation), or they are unloaded when a worker stops.
import "sharp";

/** One file to check: an SVG's bytes, or a raster image received on disk. */
export type CheckJob =
  | { id: number; kind: "svg"; bytes: Uint8Array }
  | { id: number; kind: "raster"; path: string; type: "image/png" | "image/jpeg" | "image/webp" }
  | { id: number; kind: "photo"; path: string; pixels: number; sides: { large: number; small: number } };

export type CheckFailure =
  "declarations" | "not_svg" | "not_image" | "unreadable" | "too_complex" | "too_many_pixels" | "timeout";
/** The checked copy (for a photo, the one kept, and `small`, the one shown), or why there is none. */
export type CheckResult = { ok: true; data: Uint8Array; small?: Uint8Array } | { ok: false; reason: CheckFailure };
export type CheckReply = { id: number; result: CheckResult } | { ready: true };

type Pending = { job: CheckJob; resolve: (result: CheckResult) => void };

/**
 * How the checker's thread starts: the server build's own entry (build/server/upload-check-worker.js),
 * or, when this runs from source (tests), the TypeScript beside this file through tsx's loader,
 * registered in the thread before the entry is imported.
 */
function workerSource(): { entry: URL | string; evaluate: boolean } {
  const here = import.meta.url;
  if (here.endsWith(".ts")) {
    const source = JSON.stringify(new URL("./upload-check-worker.server.ts", here).href);
    return {
      entry: `import("tsx/esm/api").then(({ register }) => { register(); return import(${source}); });`,
      evaluate: true,
    };
  }
  const built = "upload-check-worker.js";
  for (const candidate of [`./${built}`, `../${built}`, `../../${built}`]) {
    const url = new URL(candidate, here);
    if (existsSync(fileURLToPath(url))) return { entry: url, evaluate: false };
  }
  throw new Error(`${built} is missing from the server build`);
}

/**
 * Checks uploaded files on threads of their own, one file per thread at a time, each within a hard
 * time limit: a file that takes longer has its thread stopped (a new one is started for the next
 * file) and is answered `timeout`. A thread that dies (out of memory, say) answers `too_complex`.
 */
export class UploadChecker {
  private readonly idle: Worker[] = [];
  /** Threads started and not ready yet. */
  private readonly starting = new Set<Worker>();
  private readonly busy = new Map<Worker, { pending: Pending; timer: NodeJS.Timeout }>();
  private readonly queue: Pending[] = [];
  private workers = 0;
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly options: { threads: number; timeLimitMs: number; memoryMb: number } = {
      threads: 1,
      // Far more than a logo needs (tens of milliseconds; a second for the largest files the structure
      // limits let through, on this 2-core machine under load), and short enough for the next buyer.
      timeLimitMs: 10_000,
      memoryMb: 256,
    },
  ) {}

  svg(bytes: Uint8Array): Promise<CheckResult> {
    return this.run({ id: this.nextId++, kind: "svg", bytes });
  }

  raster(path: string, type: "image/png" | "image/jpeg" | "image/webp"): Promise<CheckResult> {
    return this.run({ id: this.nextId++, kind: "raster", path, type });
  }

  /** A photo received on disk, as kept (`data`, JPEG) and as shown (`small`). */
  photo(path: string, limits: { pixels: number; sides: { large: number; small: number } }): Promise<CheckResult> {
    return this.run({ id: this.nextId++, kind: "photo", path, ...limits });
  }

  /** Stops every thread (tests, and the process's shutdown). */
  async close() {
    this.closed = true;
    const all = [...this.idle, ...this.starting, ...this.busy.keys()];
    this.starting.clear();
    this.idle.length = 0;
    for (const { pending, timer } of this.busy.values()) {
      clearTimeout(timer);
      pending.resolve({ ok: false, reason: "timeout" });
    }
    this.busy.clear();
    for (const pending of this.queue.splice(0)) pending.resolve({ ok: false, reason: "timeout" });
    await Promise.all(all.map((worker) => worker.terminate()));
  }

  private run(job: CheckJob): Promise<CheckResult> {
    if (this.closed) return Promise.resolve({ ok: false, reason: "timeout" });
    return new Promise((resolve) => {
      this.queue.push({ job, resolve });
      this.dispatch();
    });
  }

  private dispatch() {
    while (this.queue.length > 0) {
      const worker = this.idle.pop();
      if (!worker) {
        if (this.workers < this.options.threads) this.spawn();
        return;
      }
      const pending = this.queue.shift()!;
      // The limit runs from when the thread takes the file, not from when it was queued.
      const timer = setTimeout(() => this.retire(worker, { ok: false, reason: "timeout" }), this.options.timeLimitMs);
      this.busy.set(worker, { pending, timer });
      worker.postMessage(pending.job);
    }
  }

  private spawn() {
    const { entry, evaluate } = workerSource();
    const worker = new Worker(entry, {
      eval: evaluate,
      resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb },
      stdout: false,
      stderr: false,
    });
    this.workers++;
    worker.unref();
    this.starting.add(worker);
    worker.on("message", (reply: CheckReply) => {
      if ("ready" in reply) {
        this.starting.delete(worker);
        this.idle.push(worker);
        return this.dispatch();
      }
      const current = this.busy.get(worker);
      if (!current || current.pending.job.id !== reply.id) return;
      clearTimeout(current.timer);
      this.busy.delete(worker);
      this.idle.push(worker);
      current.pending.resolve(reply.result);
      this.dispatch();
    });
    worker.on("error", () => this.retire(worker, { ok: false, reason: "too_complex" }));
    worker.on("exit", () => this.retire(worker, { ok: false, reason: "too_complex" }));
  }

  /** Ends a thread that overran or died, answers its file, and goes on with the queue. */
  private retire(worker: Worker, result: CheckResult) {
    const current = this.busy.get(worker);
    const index = this.idle.indexOf(worker);
    if (index >= 0) this.idle.splice(index, 1);
    const wasStarting = this.starting.delete(worker);
    if (!current && index < 0 && !wasStarting) return;
    this.workers--;
    if (wasStarting) {
      // A thread that cannot start (a broken build): the files waiting are not left waiting forever.
      for (const pending of this.queue.splice(0)) pending.resolve({ ok: false, reason: "timeout" });
      return;
    }
    this.busy.delete(worker);
    if (current) {
      clearTimeout(current.timer);
      current.pending.resolve(result);
    }
    void worker.terminate();
    if (!this.closed) this.dispatch();
  }
}

let shared: UploadChecker | undefined;

/** The process's checker, started at the first file. */
export function uploadChecker(): UploadChecker {
  shared ??= new UploadChecker();
  return shared;
}
