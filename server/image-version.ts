import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

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
      // Not the .br and .gz copies the build adds beside each file in build/client.
      .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) hash.update(file.slice(imagesDir.length)).update("\0").update(readFileSync(file));
    version = hash.digest("hex").slice(0, 10);
    versions.set(imagesDir, version);
  }
  return version;
}
