import type { IncomingMessage } from "node:http";
import Negotiator from "negotiator";

export type Coding = "br" | "gzip";

/** Where the build puts the precompressed copy of a file (scripts/compress.ts). */
export const precompressedExtension: Record<Coding, string> = { br: ".br", gzip: ".gz" };

/** Whether a file is one of those precompressed copies rather than a file of the site. */
export function isPrecompressedCopy(file: string): boolean {
  return Object.values(precompressedExtension).some((extension) => file.endsWith(extension));
}

/**
 * The best of the available codings the request's Accept-Encoding allows, or undefined to send the file
 * as it is. Negotiator (the parser behind Express's `req.acceptsEncodings` and `compression`) honours
 * q-values, refusals and `*`; among equal weights Brotli goes first, as it is smaller, whatever order the
 * browser lists them in (Chromium sends "gzip, deflate, br, zstd").
 */
export function preferredEncoding(req: Pick<IncomingMessage, "headers">, available: readonly Coding[]) {
  const chosen = new Negotiator(req).encoding([...available, "identity"], { preferred: ["br", "gzip"] });
  return available.find((coding) => coding === chosen);
}
