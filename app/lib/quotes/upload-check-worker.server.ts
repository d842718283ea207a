// The file checker's thread (started by upload-checker.server.ts): decodes, checks and re-encodes one
// uploaded file at a time, away from the thread that answers pages. Its own entry in the server build.
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { photoCopies, reencodeRaster } from "./images.server";
import { cleanSvg, prepareSvg } from "./svg.server";
import type { CheckJob, CheckReply, CheckResult } from "./upload-checker.server";

/** One job's answer: the checked copy, or why there is none. */
async function check(job: CheckJob): Promise<CheckResult> {
  if (job.kind === "photo") {
    const copies = await photoCopies(job.path, job);
    return copies.ok ? { ok: true, data: copies.large, small: copies.small } : copies;
  }
  const result = job.kind === "svg" ? await cleanSvg(job.bytes) : await reencodeRaster(job.path, job.type);
  if (!result.ok) return { ok: false, reason: result.reason };
  return { ok: true, data: "svg" in result ? result.svg : result.data };
}

parentPort?.on("message", (job: CheckJob) => {
  check(job).then(
    (result) => parentPort?.postMessage({ id: job.id, result } satisfies CheckReply),
    () => parentPort?.postMessage({ id: job.id, result: { ok: false, reason: "unreadable" } } satisfies CheckReply),
  );
});

// Ready once the parser is loaded: the time limit of each file counts the check, not the start. From
// then on this thread gives way to the one that answers pages whenever both want a core (on Linux a
// thread has its own niceness; elsewhere this would lower the whole process, so it is left alone).
void prepareSvg().then(() => {
  if (process.platform === "linux") setPriority(10);
  parentPort?.postMessage({ ready: true });
});
