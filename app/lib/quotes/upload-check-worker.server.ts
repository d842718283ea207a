// The file checker's thread (started by upload-checker.server.ts): decodes, checks and re-encodes one
// uploaded file at a time, away from the thread that answers pages. Its own entry in the server build.
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { reencodeRaster } from "./images.server";
import { cleanSvg, prepareSvg } from "./svg.server";
import type { CheckJob, CheckReply } from "./upload-checker.server";

parentPort?.on("message", (job: CheckJob) => {
  const work = job.kind === "svg" ? cleanSvg(job.bytes) : reencodeRaster(job.path, job.type);
  work.then(
    (result) => {
      const reply: CheckReply = result.ok
        ? { id: job.id, result: { ok: true, data: "svg" in result ? result.svg : result.data } }
        : { id: job.id, result: { ok: false, reason: result.reason } };
      parentPort?.postMessage(reply);
    },
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
