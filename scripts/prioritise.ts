import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { lowerModulePreloadPriority } from "../app/lib/preload-priority";

/** Marks the hydration preloads of every prerendered page low priority (see app/lib/preload-priority.ts). */
export function prioritiseDir(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const file = join(entry.parentPath, entry.name);
    const html = readFileSync(file, "utf8");
    const changed = lowerModulePreloadPriority(html);
    if (changed !== html) {
      writeFileSync(file, changed);
      count += 1;
    }
  }
  return count;
}
