import { rmSync } from "node:fs";

/** Global teardown: the quote-request folder playwright.config.ts made for this run. */
export default function removeDataDir() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
