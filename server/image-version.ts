import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isRasterCopy } from "../app/lib/image-loading";
import { isPrecompressedCopy } from "./encoding";

const versions = new Map<string, string>();

/**
 * The version every image URL carries (`/images/x.svg?v=…`): the first 10 hex digits of the SHA-256
 * of all the files under imagesDir, names and contents. One version for all: a page repeats the same
 * string on each of its images, which costs almost nothing compressed (27 versions of their own would
 * have put /portfolio over its first round trip). Changing one image changes every image's URL; they
 * are few and small. Read once per folder: a deploy restarts the server.
 */
export function imagesVersion(imagesDir: string): string {
  let version = versions.get(imagesDir);
  if (version === undefined) {
    const hash = createHash("sha256");
    const files = readdirSync(imagesDir, { recursive: true, withFileTypes: true })
      // Not the copies the build adds in build/client: .br and .gz, a photograph's sized WebP.
      .filter((entry) => entry.isFile() && !isPrecompressedCopy(entry.name) && !isRasterCopy(entry.name))
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) hash.update(file.slice(imagesDir.length)).update("\0").update(readFileSync(file));
    version = hash.digest("hex").slice(0, 10);
    versions.set(imagesDir, version);
  }
  return version;
}
