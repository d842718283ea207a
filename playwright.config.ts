import { mkdtempSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
// Every run stores its quote requests in a fresh folder, removed after the run; one given in
// E2E_DATA_DIR is kept.
const dataDirGiven = process.env.E2E_DATA_DIR !== undefined;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "promo-e2e-"));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Two at least: a browser test spends much of its time waiting on the page, so even two cores keep two busy.
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  retries: 0,
  timeout: 30_000,
  forbidOnly: !!process.env.CI,
  globalTeardown: dataDirGiven ? undefined : "./tests/e2e/support/remove-data-dir.ts",
  use: {
    baseURL,
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  // The production server on the build that `npm test` made just before.
  webServer: {
    command: "node server.js",
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // The contact journeys submit many requests from one address: no throttling in this suite.
      QUOTE_RATE_LIMIT: "1000",
    },
  },
});
