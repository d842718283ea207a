import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { looksLikePdf, type ProofType } from "~/lib/proofs/rules";
import { sniffType } from "./images.server";
import { looksLikeXml } from "./svg.server";
import { type CheckFailure, type UploadChecker, uploadChecker } from "./upload-checker.server";

/** The types a file sent to the office (a proof, a buyer's e-mail attachment) may be, by its bytes. */
export type CheckedFileType = ProofType;

export type FileCheck =
  | { ok: true; data: Uint8Array; mediaType: CheckedFileType }
  | { ok: false; refused: "empty" | "too_large" | "type" }
  | { ok: false; refused: "damaged"; format: "pdf" | "svg" | "image"; reason: CheckFailure };

/**
 * A file by its bytes only (never its name or declared type), its size bounded before anything reads
 * it. Images are decoded and re-encoded, SVGs cleaned, on the upload checker's thread (never the one
 * that answers pages); a PDF is checked by its structure markers and kept as sent: nothing on the
 * server renders it, and it is only ever served as a download under a sandboxing policy.
 */
export async function checkFile(
  bytes: Uint8Array,
  {
    incomingDir,
    maxBytes,
    checker = uploadChecker(),
  }: { incomingDir: string; maxBytes: number; checker?: UploadChecker },
): Promise<FileCheck> {
  if (bytes.length === 0) return { ok: false, refused: "empty" };
  if (bytes.length > maxBytes) return { ok: false, refused: "too_large" };
  if (Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-") {
    return looksLikePdf(bytes)
      ? { ok: true, data: bytes, mediaType: "application/pdf" }
      : { ok: false, refused: "damaged", format: "pdf", reason: "unreadable" };
  }
  const head = bytes.subarray(0, 4100);
  const sniffed = await sniffType(head);
  if (sniffed === "text") {
    if (!looksLikeXml(head)) return { ok: false, refused: "type" };
    const result = await checker.svg(bytes);
    if (result.ok) return { ok: true, data: result.data, mediaType: "image/svg+xml" };
    // XML that is no SVG (an HTML page, say) is a type not taken, not a damaged SVG.
    if (result.reason === "not_svg" || result.reason === "not_image") return { ok: false, refused: "type" };
    return { ok: false, refused: "damaged", format: "svg", reason: result.reason };
  }
  if (sniffed === "image/png" || sniffed === "image/jpeg" || sniffed === "image/webp") {
    // The checker's thread reads a raster image from disk (as the quote form's uploads are received).
    await mkdir(incomingDir, { recursive: true });
    const path = join(incomingDir, `check-${randomUUID()}`);
    await writeFile(path, bytes, { mode: 0o600 });
    try {
      const result = await checker.raster(path, sniffed);
      return result.ok
        ? { ok: true, data: result.data, mediaType: sniffed }
        : { ok: false, refused: "damaged", format: "image", reason: result.reason };
    } finally {
      await rm(path, { force: true });
    }
  }
  return { ok: false, refused: "type" };
}
