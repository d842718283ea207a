import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { sniffType } from "~/lib/quotes/images.server";
import { looksLikeXml } from "~/lib/quotes/svg.server";
import { type UploadChecker, uploadChecker } from "~/lib/quotes/upload-checker.server";
import { looksLikePdf, proofLimits, type ProofType } from "./rules";

export type ProofCheck = { ok: true; data: Uint8Array; mediaType: ProofType } | { ok: false; message: string };

const notTaken = "The proof must be a PNG, JPEG, WebP, SVG or PDF file.";

/**
 * A proof file by its bytes only (never its name or declared type). Images are decoded and re-encoded,
 * SVGs cleaned, on the upload checker's thread; a PDF is checked as a PDF by its structure markers and
 * kept as sent: nothing on the server renders it, and it is only ever served under a sandboxing policy.
 */
export async function checkProofFile(
  bytes: Uint8Array,
  incomingDir: string,
  checker: UploadChecker = uploadChecker(),
): Promise<ProofCheck> {
  if (bytes.length === 0) return { ok: false, message: "Choose a proof file." };
  if (bytes.length > proofLimits.fileBytes) return { ok: false, message: "The proof file may be at most 10 MB." };
  if (Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-") {
    return looksLikePdf(bytes)
      ? { ok: true, data: bytes, mediaType: "application/pdf" }
      : { ok: false, message: "This PDF is damaged or incomplete: export it again." };
  }
  const sniffed = await sniffType(bytes.subarray(0, 4100));
  if (sniffed === "text") {
    if (!looksLikeXml(bytes.subarray(0, 4100))) return { ok: false, message: notTaken };
    const result = await checker.svg(bytes);
    return result.ok
      ? { ok: true, data: result.data, mediaType: "image/svg+xml" }
      : { ok: false, message: `This SVG could not be taken (${result.reason.replace(/_/g, " ")}).` };
  }
  if (sniffed === "image/png" || sniffed === "image/jpeg" || sniffed === "image/webp") {
    await mkdir(incomingDir, { recursive: true });
    const path = join(incomingDir, `proof-${randomUUID()}`);
    await writeFile(path, bytes, { mode: 0o600 });
    try {
      const result = await checker.raster(path, sniffed);
      return result.ok
        ? { ok: true, data: result.data, mediaType: sniffed }
        : { ok: false, message: `This image could not be taken (${result.reason.replace(/_/g, " ")}).` };
    } finally {
      await rm(path, { force: true });
    }
  }
  return { ok: false, message: notTaken };
}
