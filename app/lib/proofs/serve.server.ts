import type { ProofType } from "./rules";

/**
 * A proof file's headers: its checked type, never sniffed, and a policy under which nothing in it runs
 * in the site's origin even when opened on its own (an SVG is a document). A PDF is always a download:
 * Chromium's viewer shows a PDF despite the sandbox, in the site's origin, and runs its JavaScript.
 */
export function proofFileHeaders(fileName: string, mediaType: ProofType, disposition: "inline" | "attachment") {
  return {
    "Content-Type": mediaType,
    "Content-Disposition": `${mediaType === "application/pdf" ? "attachment" : disposition}; filename="${fileName}"`,
    "Content-Security-Policy":
      "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
}
