import { checkFile } from "~/lib/quotes/file-check.server";
import type { UploadChecker } from "~/lib/quotes/upload-checker.server";
import { proofLimits, type ProofType } from "./rules";

export type ProofCheck = { ok: true; data: Uint8Array; mediaType: ProofType } | { ok: false; message: string };

const notTaken = "The proof must be a PNG, JPEG, WebP, SVG or PDF file.";

/** A proof file by its bytes only (app/lib/quotes/file-check.server.ts), worded for the desk. */
export async function checkProofFile(
  bytes: Uint8Array,
  incomingDir: string,
  checker?: UploadChecker,
): Promise<ProofCheck> {
  const result = await checkFile(bytes, { incomingDir, maxBytes: proofLimits.fileBytes, checker });
  if (result.ok) return result;
  switch (result.refused) {
    case "empty":
      return { ok: false, message: "Choose a proof file." };
    case "too_large":
      return { ok: false, message: "The proof file may be at most 10 MB." };
    case "type":
      return { ok: false, message: notTaken };
    case "damaged":
      if (result.format === "pdf") return { ok: false, message: "This PDF is damaged or incomplete: export it again." };
      return {
        ok: false,
        message: `This ${result.format === "svg" ? "SVG" : "image"} could not be taken (${result.reason.replace(/_/g, " ")}).`,
      };
  }
}
