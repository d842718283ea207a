import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Separate from vite.config.ts: the React Router plugin is for the app build, not for unit tests.
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  define: { __SITE_URL__: JSON.stringify(process.env.SITE_URL ?? "") },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/unit/**/*.test.{ts,tsx}"],
    setupFiles: ["tests/setup-unit.ts"],
    environment: "node",
    // Worker threads start faster than child processes: about a tenth less time for the whole run here.
    pool: "threads",
    testTimeout: 20_000,
  },
});
